// Runs and their results as the contract carries them: statuses, the verdict (SPEC 13), the identity snapshot (SPEC 5).
import { z } from 'zod';
import { chatMessage } from './dataset';
import { toolCallRecord } from './tool-call';
import { correctedPassRate, judgeTrust } from './judge';
import { generation } from './workspace-config';

export const runStatus = z.enum(['pending', 'running', 'complete', 'cancelled', 'error']);
export type RunStatus = z.infer<typeof runStatus>;

export const runSource = z.enum(['manual', 'ci', 'schedule', 'import']);
export type RunSource = z.infer<typeof runSource>;

export const questionStatus = z.enum(['scored', 'unscored', 'degraded']);
export type QuestionStatus = z.infer<typeof questionStatus>;

export const graderStatus = z.enum(['scored', 'skipped', 'error']);
export type GraderStatus = z.infer<typeof graderStatus>;

const interval = z.tuple([z.number(), z.number()]);

/** How many questions (× repeats) a run planned and how they ended. */
export const runCounts = z.object({
  total: z.number().int(),
  done: z.number().int(),
  scored: z.number().int(),
  unscored: z.number().int(),
  degraded: z.number().int(),
  passed: z.number().int(),
  /** Questions whose target call failed after retries (a subset of degraded). */
  errors: z.number().int(),
});
export type RunCounts = z.infer<typeof runCounts>;

/** The verdict of a complete run, in the snake_case shape of SPEC 13 (`--json` writes it as is). */
export const verdict = z.object({
  gate_metric: z.enum(['avg_score', 'pass_rate']),
  gate_type: z.enum(['hard', 'soft']),
  threshold: z.number(),
  passed: z.boolean(),
  reason: z.string(),
  /** Mean question score (0-5) over scored questions; null when nothing was scored. */
  avg_score: z.number().nullable(),
  pass_rate: z.number().nullable(),
  pass_rate_ci: interval.nullable(),
  coverage: z.number(),
  /** Rogan-Gladen θ when one trusted judge decides pass/fail (SPEC 11), with how it was computed. */
  corrected_pass_rate: correctedPassRate
    .omit({ theta: true })
    .extend({ estimate: z.number(), method: z.string() })
    .nullable(),
  /** Advisory: the trust of every LLM judge of the target when the run completed. */
  judges: z.array(judgeTrust),
  question_pass_threshold: z.number(),
  counts: z.object({
    total: z.number().int(),
    scored: z.number().int(),
    unscored: z.number().int(),
    degraded: z.number().int(),
    passed: z.number().int(),
  }),
});
export type Verdict = z.infer<typeof verdict>;

export const shardSpec = z.object({ index: z.number().int().positive(), count: z.number().int().positive() });
export type ShardSpec = z.infer<typeof shardSpec>;

/** What a run was, frozen when it ran: editing the target later never rewrites it (SPEC 5). */
export const runIdentity = z.object({
  targetId: z.string(),
  mode: z.enum(['chat', 'agent']),
  provider: z.object({ name: z.string(), kind: z.string(), baseUrl: z.string().nullable() }),
  model: z.string(),
  /** The generation settings configured on the target. */
  generation: generation,
  /** What the provider actually sent (after capability filtering); null until a call succeeded. */
  generationSent: generation.nullable(),
  systemPrompt: z.string(),
  systemPromptSha256: z.string(),
  /** Set when the run used a system prompt given at start instead of aieval.yaml's (an optimizer candidate, a compared variant): says which. */
  promptVariant: z.string().optional(),
  dataset: z.object({ id: z.string(), version: z.string(), sha256: z.string() }),
  graders: z.array(z.string()),
  judges: z.array(
    z.object({
      graderId: z.string(),
      provider: z.string(),
      model: z.string(),
      templateVersion: z.string().nullable(),
      settings: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  /** Every judge prompt template's version (bundled or the workspace's override) when the run started. */
  judgeTemplates: z.record(z.string(), z.string()),
  rubrics: z.array(z.object({ id: z.string(), version: z.string() })),
  tools: z.array(z.object({ name: z.string(), transport: z.enum(['stdio', 'http']) })),
  endpoint: z.string().nullable(),
  maxSteps: z.number().int().nullable(),
  questionPassThreshold: z.number(),
  gate: z.object({
    metric: z.enum(['avg_score', 'pass_rate']),
    threshold: z.number(),
    type: z.enum(['hard', 'soft']),
    judge: z.string().optional(),
  }),
  selection: z.object({
    questionIds: z.array(z.string()).nullable(),
    repeat: z.number().int().positive(),
    shard: shardSpec.nullable(),
  }),
  /** The run whose stored responses this run re-scored (`ai-eval regrade`). */
  regradeOf: z.string().nullable(),
  appVersion: z.string(),
  source: runSource,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type RunIdentity = z.infer<typeof runIdentity>;

export const runSummary = z.object({
  id: z.string(),
  targetId: z.string(),
  status: runStatus,
  source: runSource,
  model: z.string(),
  datasetId: z.string(),
  datasetVersion: z.string(),
  repeat: z.number().int(),
  shard: z.string().nullable(),
  total: z.number().int(),
  done: z.number().int(),
  avgScore: z.number().nullable(),
  passRate: z.number().nullable(),
  /** The verdict's pass/fail; null unless the run is complete. */
  passed: z.boolean().nullable(),
  error: z.string().nullable(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type RunSummary = z.infer<typeof runSummary>;

export const runDetail = z.object({
  run: runSummary,
  verdict: verdict.nullable(),
  identity: runIdentity,
  counts: runCounts,
});
export type RunDetail = z.infer<typeof runDetail>;

export const graderScore = z.object({ graderId: z.string(), status: graderStatus, score0to5: z.number().nullable() });

/** One row of the results table: compact, never the full response. */
export const resultRow = z.object({
  id: z.number().int(),
  questionId: z.string(),
  repeatIndex: z.number().int(),
  status: questionStatus,
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().nullable(),
  responsePreview: z.string(),
  graders: z.array(graderScore),
  /** Over every repeat of this question in the run (SPEC 5 `--repeat`): mean, spread and count of scored repeats. */
  repeatMean: z.number().nullable(),
  repeatSd: z.number().nullable(),
  repeatScored: z.number().int(),
});
export type ResultRow = z.infer<typeof resultRow>;

export const checkResult = z.object({
  id: z.string(),
  kind: z.string(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  executed: z.boolean(),
  reason: z.string(),
});

export const graderResult = z.object({
  graderId: z.string(),
  status: graderStatus,
  /** On the grader's own scale: the UI shows `1 / 1` for a binary judge, never `1 / 5`. */
  score: z.number().nullable(),
  minScore: z.number(),
  maxScore: z.number(),
  score0to5: z.number().nullable(),
  reason: z.string(),
  checks: z.array(checkResult).nullable(),
});
export type GraderResult = z.infer<typeof graderResult>;

export const judgeCall = z.object({
  id: z.number().int(),
  graderId: z.string(),
  provider: z.string(),
  model: z.string(),
  templateVersion: z.string(),
  prompt: z.string(),
  responseSeen: z.string(),
  rawAnswer: z.string().nullable(),
  score: z.number().nullable(),
  reason: z.string().nullable(),
  error: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()).nullable(),
  latencyMs: z.number().nullable(),
});
export type JudgeCall = z.infer<typeof judgeCall>;

/** One question's result with everything the result detail shows. */
export const resultDetail = z.object({
  id: z.number().int(),
  runId: z.string(),
  questionId: z.string(),
  repeatIndex: z.number().int(),
  status: questionStatus,
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  response: z.string().nullable(),
  transcript: z.array(chatMessage),
  toolCalls: z.array(toolCallRecord).nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  latencyMs: z.number().nullable(),
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  costUsd: z.number().nullable(),
  finishReason: z.string().nullable(),
  createdAt: z.number(),
  graders: z.array(graderResult),
  judgeCalls: z.array(judgeCall),
});
export type ResultDetail = z.infer<typeof resultDetail>;

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

/** One question just finished, as the progress event streams it. */
export const progressItem = z.object({
  questionId: z.string(),
  repeatIndex: z.number().int(),
  status: questionStatus,
  score: z.number().nullable(),
});
export type ProgressItem = z.infer<typeof progressItem>;

export const runProgress = z.object({
  runId: z.string(),
  targetId: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  errors: z.number().int(),
  degraded: z.number().int(),
  runningAvg: z.number().nullable(),
  elapsedMs: z.number(),
  etaMs: z.number().nullable(),
  last: z.array(progressItem),
});
export type RunProgress = z.infer<typeof runProgress>;

export const runFinished = z.object({
  runId: z.string(),
  targetId: z.string(),
  status: runStatus,
  verdict: verdict.nullable(),
  error: z.string().nullable(),
  environment: z
    .string()
    .nullable()
    .optional()
    .describe('Set when the run stopped on its environment (disk full, store locked): `ai-eval run` exits 3.'),
});
export type RunFinished = z.infer<typeof runFinished>;
