// Calls for aggregates the results screens show: per-grader statistics of a run.
import { z } from 'zod';
import { int, nullableNumber, string } from '../model/fields';
import { call } from '../rpc/define';

export const graderStat = z.object({
  graderId: string,
  /** Mean normalised (0-5) score over the questions the grader scored; null when it scored none. */
  mean: nullableNumber,
  scored: int,
  skipped: int,
  errors: int,
});
export type GraderStat = z.infer<typeof graderStat>;

export const insightsContract = {
  /** Each grader's mean score and skip/error counts over one run (for the weakest-grader callout). */
  'runs.graderStats': call(() => ({ input: z.object({ runId: string.min(1).max(200) }), output: z.array(graderStat) })),
} as const;
