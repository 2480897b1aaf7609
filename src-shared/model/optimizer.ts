// The optimizer's records (docs/optimizer.md): candidates with their runs and decision, the change log, outcomes, jobs.
import { z } from 'zod';
import { boolean, int, nullableNumber, nullableString, number, string } from './fields';
import { runStatus } from './run';

export const candidateStatus = z.enum(['pending', 'applied', 'rejected', 'reverted']);
export type CandidateStatus = z.infer<typeof candidateStatus>;

/** One candidate system prompt and how it measured against the baseline; the prompts themselves are in the detail. */
export const candidateSummary = z.object({
  id: string,
  targetId: string,
  /** The optimizer job that proposed it; null for candidates of an older store. */
  jobId: nullableString,
  /** 1-based attempt within its job. */
  attempt: int,
  status: candidateStatus,
  /** The held-out split that decided acceptance; null when it was decided on the questions the proposals came from. */
  split: nullableString,
  /** Mean and run-to-run standard deviation of the per-run avg_score on the deciding questions (sd null with one run). */
  baselineMean: nullableNumber,
  baselineSd: nullableNumber,
  candidateMean: nullableNumber,
  candidateSd: nullableNumber,
  /** Per-run avg_score (0-5) on the deciding questions, in run order; null for a run that scored nothing there. */
  baselineScores: z.array(nullableNumber),
  candidateScores: z.array(nullableNumber),
  baselineRunIds: z.array(string),
  candidateRunIds: z.array(string),
  /** The decision in words, with its numbers (gain, margin, noise). */
  decisionReason: string,
  /** provider/model of the proposer. */
  proposer: nullableString,
  decidedBy: nullableString,
  createdAt: number,
  decidedAt: nullableNumber,
});
export type CandidateSummary = z.infer<typeof candidateSummary>;

/** One question's mean score over the baseline runs and over the candidate runs. */
export const questionDelta = z.object({
  questionId: string,
  /** Whether the question is among those that decided acceptance (the held-out split, when there is one). */
  deciding: boolean,
  baseline: nullableNumber,
  candidate: nullableNumber,
  /** candidate − baseline when both were scored. */
  delta: nullableNumber,
});
export type QuestionDelta = z.infer<typeof questionDelta>;

export const changeAction = z.enum(['applied', 'rejected', 'reverted']);
export type ChangeAction = z.infer<typeof changeAction>;

/** Who did what to a candidate, when and why; an applied or reverted change also names the prompt it replaced. */
export const optimizerChange = z.object({
  id: int,
  candidateId: string,
  targetId: string,
  action: changeAction,
  actor: string,
  reason: string,
  previousPrompt: nullableString,
  newPrompt: nullableString,
  createdAt: number,
});
export type OptimizerChange = z.infer<typeof optimizerChange>;

export const candidateDetail = candidateSummary.extend({
  baselinePrompt: string,
  candidatePrompt: string,
  /** Every question of the runs, largest change first (unscored ones last). */
  questions: z.array(questionDelta),
  changes: z.array(optimizerChange),
});
export type CandidateDetail = z.infer<typeof candidateDetail>;

/** N runs of one prompt: their per-run scores on the deciding questions, and their mean and spread. */
export const measurement = z.object({
  runIds: z.array(string),
  scores: z.array(nullableNumber),
  mean: nullableNumber,
  sd: nullableNumber,
});
export type Measurement = z.infer<typeof measurement>;

export const outcomeStatus = z.enum(['refused', 'skipped', 'accepted', 'not_improved', 'error', 'cancelled']);

/** What the optimizer did for one target and why. */
export const targetOutcome = z.object({
  targetId: string,
  status: outcomeStatus,
  reason: string,
  baseline: measurement.nullable(),
  candidates: z.array(candidateSummary),
});
export type TargetOutcome = z.infer<typeof targetOutcome>;

/** One variant of a comparison (a prompt, or a provider/model pair) and the run that measured it. */
export const variantResult = z.object({
  index: int,
  prompt: string,
  /** The connection and model of a model comparison's variant; null: the target's own. */
  provider: nullableString,
  model: nullableString,
  runId: nullableString,
  status: runStatus.nullable(),
  avgScore: nullableNumber,
  passRate: nullableNumber,
  error: nullableString,
});
export type VariantResult = z.infer<typeof variantResult>;

/** Two or more variants of a target (prompts or models) run side by side on its dataset. */
export const variantComparison = z.object({
  targetId: string,
  repeat: int,
  variants: z.array(variantResult),
  /** Per question, each variant's mean score over its repeats (null: not scored), in variant order. */
  questions: z.array(z.object({ questionId: string, scores: z.array(nullableNumber) })),
});
export type VariantComparison = z.infer<typeof variantComparison>;

export const jobKind = z.enum(['optimize', 'compare']);
export const jobStatus = z.enum(['running', 'done', 'error', 'cancelled']);

/** A background optimizer job (an optimization or a variant comparison), kept in memory while the service runs. */
export const optimizerJob = z.object({
  id: string,
  kind: jobKind,
  targetId: string,
  status: jobStatus,
  startedAt: number,
  finishedAt: nullableNumber,
  /** The latest progress lines, oldest first (bounded). */
  log: z.array(string),
  /** The run in progress, if any. */
  runId: nullableString,
  outcome: targetOutcome.nullable(),
  comparison: variantComparison.nullable(),
  error: nullableString,
});
export type OptimizerJob = z.infer<typeof optimizerJob>;

/** A job that has just started: running, with no log, run, outcome, comparison or error yet. */
export function startingJob(id: string, kind: OptimizerJob['kind'], targetId: string, startedAt: number): OptimizerJob {
  return {
    id,
    kind,
    targetId,
    status: 'running',
    startedAt,
    finishedAt: null,
    log: [],
    runId: null,
    outcome: null,
    comparison: null,
    error: null,
  };
}

export const optimizerProgress = z.object({
  jobId: string,
  targetId: string,
  message: string,
  /** The run this step started, so a screen can follow its own progress events. */
  runId: nullableString,
});
export type OptimizerProgress = z.infer<typeof optimizerProgress>;

export const optimizerFinished = z.object({
  jobId: string,
  targetId: string,
  kind: jobKind,
  status: jobStatus,
  error: nullableString,
});
export type OptimizerFinished = z.infer<typeof optimizerFinished>;
