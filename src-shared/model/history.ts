// Question history as the contract carries it (issue 34): a target's flaky, regressed and fixed questions, its tags
// over time, and one question's timeline across runs.
import { z } from 'zod';
import { boolean, int, nullableBoolean, nullableNumber, nullableString, number, string } from './fields';
import { interval } from './shapes';

/** A run in a history, with the prompt and model it ran with. */
export const historyRun = z.object({
  runId: string,
  createdAt: number,
  provider: string,
  model: string,
  systemPromptSha256: string,
  datasetVersion: string,
  repeat: int,
});
export type HistoryRun = z.infer<typeof historyRun>;

/** Passes out of trials (repeats counted). */
const passTally = { passes: int, trials: int };

/** A pass tally over a window of runs. */
export const windowCount = z.object(passTally);
export type WindowCount = z.infer<typeof windowCount>;

/**
 * The baseline window against the recent one: the two-window permutation test's p with the run as the unit, and its
 * Benjamini-Hochberg q over the test family.
 */
const windowTest = z.object({
  baseline: windowCount,
  recent: windowCount,
  pValue: nullableNumber,
  qValue: nullableNumber,
});

export const questionState = z.enum(['regressed', 'fixed', 'flaky', 'steady', 'insufficient']);
export type QuestionState = z.infer<typeof questionState>;

export const questionHistory = z.object({
  questionId: string,
  state: questionState,
  /** Why, in words: the counts and the test behind the state. */
  reason: string,
  tags: z.array(string),
  /** Runs of the window in which it was asked, within its current history. */
  runs: int,
  /** The first run of its current history in the window. */
  since: nullableString,
  /** The run from which its text differs from before (a new history started there); null when unchanged. */
  textChangedAt: nullableString,
  /** False when some results predate question versions (their text could not be compared). */
  textKnown: boolean,
  passRate: nullableNumber,
  flips: int,
  /** Flips between consecutive decided runs / pairs of them; null with fewer than two. */
  flipRate: nullableNumber,
  /** Share of runs with repeats whose repeats disagreed; null without repeats. */
  repeatDisagreement: nullableNumber,
  /** Runs in which it got two or more scored repeats: the denominator of `repeatDisagreement`. */
  runsWithRepeats: int,
  /** Of those, the runs whose repeats disagreed (some passed, some failed). */
  runsRepeatsDisagreed: int,
  ...windowTest.shape,
  /** In the target's quarantine (aieval.yaml): the gate leaves it out. */
  quarantined: boolean,
});
export type QuestionHistory = z.infer<typeof questionHistory>;

export const tagPoint = z.object({
  runId: string,
  ...passTally,
  passRate: nullableNumber,
  /** The 95% Wilson interval of the pass rate; null without trials. */
  interval: interval.nullable(),
});
export type TagPoint = z.infer<typeof tagPoint>;

export const tagHistory = z.object({
  tag: string,
  points: z.array(tagPoint),
  ...windowTest.shape,
  moved: z.enum(['up', 'down']).nullable(),
  sentence: string,
});
export type TagHistory = z.infer<typeof tagHistory>;

export const historySettings = z.object({
  /** The last N complete runs the history reads. */
  window: int.min(2).max(200),
  /** The last R of them are the recent window; the others the baseline. */
  recent: int.min(1).max(100),
  /** False discovery rate of the Benjamini-Hochberg procedure. */
  alpha: number.gt(0).lt(1),
  /** A flaky question's rarer verdict has a Wilson lower bound at least this. */
  flakyFloor: number.gt(0).lt(0.5),
  /** Decided runs a question needs before it can be called flaky. */
  minRuns: int.min(3),
  /** The smallest drop (or rise) of a pass rate worth reporting as regressed (or fixed), as a share (0.1 = 10 points). */
  minDrop: number.gt(0).lt(1),
});
export type HistorySettings = z.infer<typeof historySettings>;
export const DEFAULT_HISTORY_SETTINGS: HistorySettings = {
  window: 30,
  recent: 5,
  alpha: 0.05,
  flakyFloor: 0.1,
  minRuns: 6,
  minDrop: 0.1,
};

export const targetHistory = z.object({
  targetId: string,
  runs: z.array(historyRun),
  /** The first run of the recent window. */
  recentSince: nullableString,
  settings: historySettings,
  /** The tests used, in words. */
  method: string,
  counts: z.record(questionState, int),
  /** "3 regressed, 5 flaky, 2 fixed since <run>". */
  summary: string,
  /** Regressed, fixed and flaky questions (every state with `questionId`), the worst first. */
  questions: z.array(questionHistory),
  tags: z.array(tagHistory),
});
export type TargetHistory = z.infer<typeof targetHistory>;

/** One question in one run: its repeats' results, with the run's identity. */
export const timelinePoint = z.object({
  run: historyRun,
  results: z.array(
    z.object({
      resultId: int,
      repeatIndex: int,
      status: string,
      score: nullableNumber,
      passed: nullableBoolean,
    }),
  ),
  /** Mean score of its scored repeats. */
  score: nullableNumber,
  ...passTally,
  /** True at the first run of a new history (the text changed here). */
  textChanged: boolean,
});
export type TimelinePoint = z.infer<typeof timelinePoint>;

export const questionTimeline = z.object({
  targetId: string,
  questionId: string,
  points: z.array(timelinePoint),
  history: questionHistory.nullable(),
  /** In the target's quarantine (aieval.yaml), whether or not a run asked it yet. */
  quarantined: z.boolean(),
});
export type QuestionTimeline = z.infer<typeof questionTimeline>;
