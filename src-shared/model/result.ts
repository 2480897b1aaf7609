// One question's result as the contract carries it: the results-table row, grader scores, judge calls, the detail.
import { z } from 'zod';
import { boolean, int, nullableBoolean, nullableNumber, nullableString, number, string } from './fields';
import { chatMessage } from './dataset';
import { graderStatus, questionStatus } from './run';
import { toolCallRecord } from './tool-call';

export const graderScore = z.object({ graderId: string, status: graderStatus, score0to5: nullableNumber });

/** One row of the results table: compact, never the full response. */
export const resultRow = z.object({
  id: int,
  questionId: string,
  repeatIndex: int,
  status: questionStatus,
  score: nullableNumber,
  passed: nullableBoolean,
  error: nullableString,
  latencyMs: nullableNumber,
  responsePreview: string,
  graders: z.array(graderScore),
  /** Over every repeat of this question in the run (`--repeat`, docs/runs.md): mean, spread and count of scored repeats. */
  repeatMean: nullableNumber,
  repeatSd: nullableNumber,
  repeatScored: int,
});
export type ResultRow = z.infer<typeof resultRow>;

export const checkResult = z.object({
  id: string,
  kind: string,
  score: nullableNumber,
  passed: nullableBoolean,
  executed: boolean,
  reason: string,
});

export const graderResult = z.object({
  graderId: string,
  status: graderStatus,
  /** On the grader's own scale: the UI shows `1 / 1` for a binary judge, never `1 / 5`. */
  score: nullableNumber,
  minScore: number,
  maxScore: number,
  score0to5: nullableNumber,
  reason: string,
  checks: z.array(checkResult).nullable(),
});
export type GraderResult = z.infer<typeof graderResult>;

/** What a local server reports about one call (Ollama): tokens evaluated, the window, and where the time went. */
export const callMetrics = z.object({
  /** Prompt tokens the model evaluated (Ollama's prompt_eval_count): fewer than sent means the prompt was cut. */
  promptEvalCount: nullableNumber,
  evalCount: nullableNumber,
  /** The prompt's size as the engine estimated it before sending (tokens). */
  promptTokensSent: nullableNumber,
  /** The context window asked for (options.num_ctx); null when the server's default applied. */
  numCtx: nullableNumber,
  loadMs: nullableNumber,
  promptEvalMs: nullableNumber,
  evalMs: nullableNumber,
  totalMs: nullableNumber,
});
export type CallMetrics = z.infer<typeof callMetrics>;

export const judgeCall = z.object({
  id: int,
  graderId: string,
  provider: string,
  model: string,
  templateVersion: string,
  prompt: string,
  responseSeen: string,
  rawAnswer: nullableString,
  score: nullableNumber,
  reason: nullableString,
  error: nullableString,
  settings: z.record(string, z.unknown()).nullable(),
  latencyMs: nullableNumber,
  /** Ollama's counters and durations for this call; absent for other providers and older runs. */
  metrics: callMetrics.nullable().optional(),
});
export type JudgeCall = z.infer<typeof judgeCall>;

/** One question's result with everything the result detail shows. */
export const resultDetail = z.object({
  id: int,
  runId: string,
  questionId: string,
  repeatIndex: int,
  status: questionStatus,
  score: nullableNumber,
  passed: nullableBoolean,
  response: nullableString,
  transcript: z.array(chatMessage),
  toolCalls: z.array(toolCallRecord).nullable(),
  error: nullableString,
  attempts: int,
  latencyMs: nullableNumber,
  inputTokens: nullableNumber,
  outputTokens: nullableNumber,
  costUsd: nullableNumber,
  finishReason: nullableString,
  /** Ollama's counters and durations of the target call (the last call of an agent's loop); absent elsewhere. */
  metrics: callMetrics.nullable().optional(),
  createdAt: number,
  graders: z.array(graderResult),
  judgeCalls: z.array(judgeCall),
});
export type ResultDetail = z.infer<typeof resultDetail>;
