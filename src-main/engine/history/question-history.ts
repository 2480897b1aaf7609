// One question's history over a target's runs: its current history (since its text last changed), flips, the two
// windows' counts and the state they make (regressed, fixed, flaky) once the p-values are adjusted over questions.
import type { QuestionHistory, QuestionState, WindowCount } from '../../../src-shared/model';
import { wilson } from '../stats/wilson';
import { homogeneityTest, twoWindowTest } from '../stats/permutation';
import { recentStart, type HistoryInput } from './history-input';
import { pValueText } from '../../../src-shared/text/p-value';

/** A question's counts before its state: its p-value is adjusted over every question before it is judged. */
export type QuestionCounts = Omit<QuestionHistory, 'state' | 'reason' | 'qValue'> &
  Readonly<{
    decided: number;
    minority: number;
    /** Each window's pass rate with the run as the unit: the mean of its runs' shares of passing repeats. */
    before: number | null;
    now: number | null;
    /** With repeats in at least minRuns runs: the p-value that runs differ more than their repeats explain. */
    repeatsP: number | null;
  }>;

const rate = (count: WindowCount) => (count.trials === 0 ? null : count.passes / count.trials);
const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 100)}%`);

/** The counts of question `q` (its row in the matrix). */
export function questionCounts(input: HistoryInput, q: number): QuestionCounts {
  const { matrix, runs, versions } = input;
  const questionId = matrix.questionIds[q]!;
  const row = q * matrix.runs;
  // Its current history starts after the newest run whose known text differs from the newest known text.
  let start = 0;
  let newestText: string | null = null;
  let textKnown = true;
  for (let r = runs.length - 1; r >= 0; r -= 1) {
    if (matrix.scored[row + r]! < 0) continue;
    const text = versions.get(matrix.versionIds[row + r]!)?.textSha256 ?? null;
    if (text === null) {
      textKnown = false;
      continue;
    }
    if (newestText === null) newestText = text;
    else if (text !== newestText) {
      start = r + 1;
      break;
    }
  }
  const recentFrom = recentStart(input);
  const baseline = { passes: 0, trials: 0 };
  const recent = { passes: 0, trials: 0 };
  // Numbers only in the loop (it visits every cell of the window): the runs' shares in run order (the recent window
  // last), their scored repeats, and each run's passes for the homogeneity test.
  const shares: number[] = [];
  const shareTrials: number[] = [];
  const runPasses: number[] = [];
  const runTrials: number[] = [];
  const shareSums = { before: 0, now: 0 };
  let recentRuns = 0;
  let verdictFlips = 0;
  let decided = 0;
  let passing = 0;
  let lastVerdict: boolean | null = null;
  let asked = 0;
  let since: string | null = null;
  let withRepeats = 0;
  let split = 0;
  let tags: readonly string[] = [];
  for (let r = start; r < runs.length; r += 1) {
    const scored = matrix.scored[row + r]!;
    if (scored < 0) continue;
    asked += 1;
    since ??= runs[r]!.id;
    tags = versions.get(matrix.versionIds[row + r]!)?.tags ?? tags;
    const passes = matrix.passes[row + r]!;
    const isRecent = r >= recentFrom;
    const window = isRecent ? recent : baseline;
    window.passes += passes;
    window.trials += scored;
    runPasses.push(passes);
    runTrials.push(scored);
    if (scored > 0) {
      const share = passes / scored;
      shares.push(share);
      shareTrials.push(scored);
      if (isRecent) {
        recentRuns += 1;
        shareSums.now += share;
      } else shareSums.before += share;
    }
    if (scored >= 2) {
      withRepeats += 1;
      if (passes > 0 && passes < scored) split += 1;
    }
    // A run's verdict is the majority of its repeats; an even split (or nothing scored) decides nothing.
    if (2 * passes !== scored) {
      const verdict = 2 * passes > scored;
      if (lastVerdict !== null && verdict !== lastVerdict) verdictFlips += 1;
      lastVerdict = verdict;
      decided += 1;
      if (verdict) passing += 1;
    }
  }
  const all = { passes: baseline.passes + recent.passes, trials: baseline.trials + recent.trials };
  // Each window's pass rate with the run as the unit: the mean of its runs' shares.
  const earlierRuns = shares.length - recentRuns;
  const before = earlierRuns === 0 ? null : shareSums.before / earlierRuns;
  const now = recentRuns === 0 ? null : shareSums.now / recentRuns;
  const pairs = Math.max(0, decided - 1);
  return {
    questionId,
    tags: [...tags],
    runs: asked,
    since,
    textChangedAt: start > 0 ? since : null,
    textKnown,
    passRate: rate(all),
    flips: verdictFlips,
    flipRate: pairs === 0 ? null : verdictFlips / pairs,
    repeatDisagreement: withRepeats === 0 ? null : split / withRepeats,
    runsWithRepeats: withRepeats,
    runsRepeatsDisagreed: split,
    baseline,
    recent,
    before,
    now,
    // Runs are the unit (their repeats share the run's causes): the exact two-window permutation test of run shares.
    pValue: before === null || now === null ? null : twoWindowTest(shares, recentRuns, shareTrials),
    quarantined: input.quarantine.has(questionId),
    decided,
    minority: Math.min(passing, decided - passing),
    repeatsP:
      withRepeats >= input.settings.minRuns
        ? homogeneityTest(runPasses.map((passes, i) => ({ passes, trials: runTrials[i]! })))
        : null,
  };
}

/** The state of a question from its counts and its adjusted p-value (null: not tested), with the reason in words. */
export function judgeQuestion(
  counts: QuestionCounts,
  adjusted: Readonly<{ qValue: number | null; repeatsQ: number | null }>,
  input: HistoryInput,
): Readonly<{ state: QuestionState; reason: string }> {
  const { alpha, flakyFloor, minRuns, minDrop } = input.settings;
  const { qValue, repeatsQ } = adjusted;
  const { before, now } = counts;
  const windows = `${counts.baseline.passes}/${counts.baseline.trials} passed before, ${counts.recent.passes}/${counts.recent.trials} in the last ${input.settings.recent} runs`;
  const test =
    qValue === null
      ? ''
      : ` (runs as the unit: ${pValueText('permutation p', counts.pValue!)}, ${pValueText('BH q', qValue)})`;
  if (qValue !== null && qValue <= alpha && before !== null && now !== null && Math.abs(now - before) >= minDrop) {
    const moved = `${percent(before)} → ${percent(now)}`;
    if (now < before) return { state: 'regressed', reason: `dropped ${moved}: ${windows}${test}` };
    return { state: 'fixed', reason: `rose ${moved}: ${windows}${test}` };
  }
  if (counts.decided < minRuns) {
    return { state: 'insufficient', reason: `${counts.decided} decided runs (${minRuns} needed)` };
  }
  const low = wilson(counts.minority, counts.decided)![0];
  if (counts.flips >= 2 && low >= flakyFloor) {
    const flipped =
      `verdict flipped ${counts.flips} times in ${counts.decided} runs; the rarer verdict in ${counts.minority} ` +
      `(${percent(counts.minority / counts.decided)}, 95% Wilson lower bound ${percent(low)} ≥ ${percent(flakyFloor)})`;
    if (repeatsQ === null) return { state: 'flaky', reason: flipped };
    const homogeneity = `permutation test of homogeneity over its runs' repeats ${pValueText('p', counts.repeatsP!)}, ${pValueText('BH q', repeatsQ)}`;
    if (repeatsQ <= alpha)
      return { state: 'flaky', reason: `${flipped}; runs differ beyond their repeats (${homogeneity})` };
    return { state: 'steady', reason: `noisy, not flaky: its repeats explain the flips (${flipped}; ${homogeneity})` };
  }
  return { state: 'steady', reason: `${windows}; ${counts.flips} flips in ${counts.decided} runs` };
}
