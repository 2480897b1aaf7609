// A run as it goes: each finished question, the progress event, and the end of the run.
import { z } from 'zod';
import { int, nullableNumber, nullableString, number, string } from './fields';
import { localRun, runStatus, verdict } from './run';
import { resultRow } from './result';

/** One question just finished, as the progress event streams it: the key fields of its result row. */
export const progressItem = resultRow.pick({ questionId: true, repeatIndex: true, status: true, score: true });
export type ProgressItem = z.infer<typeof progressItem>;

export const runProgress = z.object({
  runId: string,
  targetId: string,
  done: int,
  /** The repeats planned: stable through the run (an adaptive run's settled repeats are `saved`, not taken off). */
  total: int,
  /** An adaptive run: the planned repeats it will not ask because their questions' verdicts are settled. */
  saved: int.optional(),
  errors: int,
  degraded: int,
  runningAvg: nullableNumber,
  elapsedMs: number,
  etaMs: nullableNumber,
  last: z.array(progressItem),
  /** A phased run: answering (every target call) or judging (one judge model at a time). */
  phase: z.object({ name: z.enum(['answering', 'judging']), model: nullableString, answered: int }).optional(),
  /** A run on Ollama: model loads so far and the concurrency in use. */
  local: localRun.pick({ modelLoads: true, concurrency: true }).optional(),
});
export type RunProgress = z.infer<typeof runProgress>;

export const runFinished = z.object({
  runId: string,
  targetId: string,
  status: runStatus,
  verdict: verdict.nullable(),
  error: nullableString,
  environment: z
    .string()
    .nullable()
    .optional()
    .describe('Set when the run stopped on its environment (disk full, store locked): `ai-eval run` exits 3.'),
});
export type RunFinished = z.infer<typeof runFinished>;
