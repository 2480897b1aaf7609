// One question's result as the contract carries it: the results-table row, grader scores, judge calls, the detail.
import { z } from 'zod';
import { chatMessage } from './dataset';
import { graderStatus, questionStatus } from './run';
import { toolCallRecord } from './tool-call';

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

/** What a local server reports about one call (Ollama): tokens evaluated, the window, and where the time went. */
export const callMetrics = z.object({
  /** Prompt tokens the model evaluated (Ollama's prompt_eval_count): fewer than sent means the prompt was cut. */
  promptEvalCount: z.number().nullable(),
  evalCount: z.number().nullable(),
  /** The prompt's size as the engine estimated it before sending (tokens). */
  promptTokensSent: z.number().nullable(),
  /** The context window asked for (options.num_ctx); null when the server's default applied. */
  numCtx: z.number().nullable(),
  loadMs: z.number().nullable(),
  promptEvalMs: z.number().nullable(),
  evalMs: z.number().nullable(),
  totalMs: z.number().nullable(),
});
export type CallMetrics = z.infer<typeof callMetrics>;

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
  /** Ollama's counters and durations for this call; absent for other providers and older runs. */
  metrics: callMetrics.nullable().optional(),
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
  /** Ollama's counters and durations of the target call (the last call of an agent's loop); absent elsewhere. */
  metrics: callMetrics.nullable().optional(),
  createdAt: z.number(),
  graders: z.array(graderResult),
  judgeCalls: z.array(judgeCall),
});
export type ResultDetail = z.infer<typeof resultDetail>;
