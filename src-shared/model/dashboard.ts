// The dashboard's numbers: a target's sparkline points, a week's run statistics, each target's health.
import { z } from 'zod';
import { int, nullableBoolean, nullableNumber, nullableString } from './fields';

export const historyPoint = z.object({
  runId: z.string(),
  finishedAt: z.number(),
  avgScore: nullableNumber,
  passRate: nullableNumber,
  errors: int,
  passed: z.boolean(),
});
export type HistoryPoint = z.infer<typeof historyPoint>;

export const weekStats = z.object({
  runs: int,
  passed: int,
  failed: int,
  avgScore: nullableNumber,
  errors: int,
});
export type WeekStats = z.infer<typeof weekStats>;

export const targetHealth = z.object({
  targetId: z.string(),
  label: z.string(),
  lastRunId: nullableString,
  lastFinishedAt: nullableNumber,
  passed: nullableBoolean,
  avgScore: nullableNumber,
  passRate: nullableNumber,
  errors: int,
  /** A run of this target in progress, if any. */
  runningRunId: nullableString,
});
export type TargetHealth = z.infer<typeof targetHealth>;
