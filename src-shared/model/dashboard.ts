// The dashboard's numbers: a target's sparkline points, a week's run statistics, each target's health.
import { z } from 'zod';

export const historyPoint = z.object({
  runId: z.string(),
  finishedAt: z.number(),
  avgScore: z.number().nullable(),
  passRate: z.number().nullable(),
  errors: z.number().int(),
  passed: z.boolean(),
});
export type HistoryPoint = z.infer<typeof historyPoint>;

export const weekStats = z.object({
  runs: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  avgScore: z.number().nullable(),
  errors: z.number().int(),
});
export type WeekStats = z.infer<typeof weekStats>;

export const targetHealth = z.object({
  targetId: z.string(),
  label: z.string(),
  lastRunId: z.string().nullable(),
  lastFinishedAt: z.number().nullable(),
  passed: z.boolean().nullable(),
  avgScore: z.number().nullable(),
  passRate: z.number().nullable(),
  errors: z.number().int(),
  /** A run of this target in progress, if any. */
  runningRunId: z.string().nullable(),
});
export type TargetHealth = z.infer<typeof targetHealth>;
