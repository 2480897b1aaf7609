// A comparison matrix (issue 22, docs/runs.md): 2 to 8 runs as columns, questions as rows, and each column's paired
// statistics against the baseline column.
import { z } from 'zod';
import { boolean, int, nullableNumber, nullableString, number, string } from './fields';
import { preference } from './preference';
import { labelVerdict } from './label';
import { questionStatus } from './run';
import { interval } from './shapes';

/** The most columns one matrix compares (2 to 8 runs, prompt variants or models). */
export const MATRIX_MAX_COLUMNS = 8;

const boundedEstimate = z.object({ estimate: number, lower: number, upper: number });

/**
 * A column against the baseline over the questions both scored: the one declaration of a comparison's statistics;
 * the engine's type is inferred from it and engine/compare/paired-stats.ts computes every field.
 */
export const pairedComparison = z.object({
  /** Questions both columns scored. */
  paired: int,
  scoreDifference: boundedEstimate.nullable(),
  /** Questions that pass only in B, and only in A. */
  improved: int,
  worsened: int,
  passRateDifference: nullableNumber,
  mcnemarP: number,
  /** "B is better by 0.42 (0.18 to 0.66); 9 questions improved, 2 worse" or "no difference beyond noise". */
  sentence: string,
});
export type PairedComparison = z.infer<typeof pairedComparison>;

export const matrixColumn = z.object({
  runId: string,
  targetId: string,
  /** What tells the column apart: the prompt variant, or the target with its model. */
  label: string,
  provider: string,
  model: string,
  systemPrompt: string,
  status: string,
  finishedAt: nullableNumber,
  repeat: int,
  questions: int,
  avgScore: nullableNumber,
  passRate: nullableNumber,
  passRateCi: interval.nullable(),
  costUsd: nullableNumber,
  latencyP50Ms: nullableNumber,
  /**
   * How many of the column's cells a person rated pass (thumbs up) and fail (thumbs down), and (columns other than
   * the baseline) better, worse or the same as the baseline's answer.
   */
  ratings: z.object({
    up: int,
    down: int,
    better: int,
    worse: int,
    same: int,
  }),
  /** Null for the baseline column, and for every column while the statistics are not computed. */
  vsBaseline: pairedComparison.nullable(),
});
export type MatrixColumn = z.infer<typeof matrixColumn>;

/** One question as one column answered it, over all its repeats. */
export const matrixCell = z.object({
  /** The first repeat's result, opened by `results.get`. */
  resultId: int,
  status: questionStatus,
  /** Mean over the scored repeats; null when none was scored. */
  score: nullableNumber,
  /** Sample standard deviation over the scored repeats; null with fewer than two. */
  scoreSd: nullableNumber,
  /** Passed in more than half of its repeats. */
  passed: boolean,
  repeats: int,
  /** The first characters of the first repeat's answer, and the answer's whole length. */
  preview: string,
  answerChars: int,
  error: nullableString,
  /** A person's verdict on the first repeat's result (thumbs up: pass, down: fail), stored as its label. */
  rating: labelVerdict.nullable(),
  /** A person's preference of this answer over the baseline column's (a tag of the same label); null in the baseline. */
  preference: preference.nullable(),
  /** Each grader's mean 0-5 score over the repeats, in the order of `RunMatrix.graders` (null: not scored). */
  graders: z.array(nullableNumber),
});
export type MatrixCell = z.infer<typeof matrixCell>;

export const matrixRow = z.object({
  questionId: string,
  tags: z.array(string),
  /** One cell per column; null where that run has no result for the question. */
  cells: z.array(matrixCell.nullable()),
});
export type MatrixRow = z.infer<typeof matrixRow>;

export const runMatrix = z.object({
  columns: z.array(matrixColumn),
  graders: z.array(string),
  rows: z.array(matrixRow),
  questionPassThreshold: number,
  /** The column every other one is compared with. */
  baseline: int,
  /** Whether the columns carry their paired statistics (`vsBaseline`) yet; they may follow the rows. */
  statistics: boolean,
});
export type RunMatrix = z.infer<typeof runMatrix>;
