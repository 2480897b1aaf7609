// The dashboard's numbers: a target's sparkline points, a week's run statistics, each target's health.
import { z } from 'zod';
import { boolean, int, nullableBoolean, nullableNumber, nullableString, number, string } from './fields';

export const historyPoint = z.object({
  runId: string,
  finishedAt: number,
  avgScore: nullableNumber,
  passRate: nullableNumber,
  errors: int,
  passed: boolean,
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
  targetId: string,
  label: string,
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
