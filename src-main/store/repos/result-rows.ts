// A finished question as the rows it becomes: its result, grader scores, tool calls and judge calls, their structured
// parts serialised. Both stores' writers (result-inserts.ts, result-arrays.ts) write these rows.
import type {
  CallMetrics,
  ChatMessage,
  GraderResult,
  JudgeCall,
  QuestionStatus,
  ToolCallRecord,
} from '../../../src-shared/model';

/** The text hash and tags of the question a result answered (its history key, section "question history"). */
export type QuestionVersion = Readonly<{ textSha256: string; tags: readonly string[] }>;

/** Everything one finished question produced, written in one transaction. */
export type NewQuestionResult = Readonly<{
  runId: string;
  questionId: string;
  /** The question as asked; absent where its text is unknown (an imported envelope, a merged shard). */
  question?: QuestionVersion | null;
  repeatIndex: number;
  status: QuestionStatus;
  score: number | null;
  passed: boolean | null;
  /** Null when the target call failed. */
  response: string | null;
  transcript: readonly ChatMessage[];
  /** Null when no record exists (chat mode); an empty list when the agent called nothing. */
  toolCalls: readonly ToolCallRecord[] | null;
  error: string | null;
  attempts: number;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  finishReason: string | null;
  /** Ollama's counters and durations of the target call. */
  metrics?: CallMetrics | null;
  createdAt: number;
  graders: readonly GraderResult[];
  judgeCalls: readonly Omit<JudgeCall, 'id'>[];
}>;

const bit = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
const metricsJson = (metrics: CallMetrics | null | undefined): string | null =>
  metrics ? JSON.stringify(metrics) : null;

export type VersionKey = { questionId: string; textSha256: string; tagsJson: string };
export type GraderArgs = Omit<GraderResult, 'checks'> & { resultId: number; checksJson: string | null };
export type ToolCallArgs = {
  resultId: number;
  seq: number;
  server: string | null;
  name: string;
  argsJson: string;
  result: string | null;
  isError: number;
  resultOriginalChars: number | null;
};
export type JudgeCallArgs = Omit<JudgeCall, 'id' | 'settings' | 'metrics'> & {
  runId: string;
  resultId: number;
  questionId: string;
  settingsJson: string | null;
  metricsJson: string | null;
  createdAt: number;
};

export type ResultArgs = ReturnType<typeof resultRow>;

/** The question version a result answered, as its key in question_versions (null: not known). */
export function versionKey(result: NewQuestionResult): VersionKey | null {
  const version = result.question;
  if (!version) return null;
  return { questionId: result.questionId, textSha256: version.textSha256, tagsJson: JSON.stringify(version.tags) };
}

/** The cache key of a version key. */
export const versionCacheKey = (key: VersionKey) => `${key.questionId}\n${key.textSha256}\n${key.tagsJson}`;

/** The question_results row of a result, its version id given. */
export function resultRow(result: NewQuestionResult, versionId: number | null) {
  return {
    runId: result.runId,
    questionId: result.questionId,
    repeatIndex: result.repeatIndex,
    status: result.status,
    score: result.score,
    passed: bit(result.passed),
    response: result.response,
    transcriptJson: JSON.stringify(result.transcript),
    toolCallsJson: result.toolCalls === null ? null : JSON.stringify(result.toolCalls),
    error: result.error,
    attempts: result.attempts,
    latencyMs: result.latencyMs,
    inputTokens: result.inputTokens,
    outputTokens: result.outputTokens,
    costUsd: result.costUsd,
    finishReason: result.finishReason,
    metricsJson: metricsJson(result.metrics),
    createdAt: result.createdAt,
    versionId,
  };
}

export const graderRows = (result: NewQuestionResult, resultId: number): GraderArgs[] =>
  result.graders.map(({ checks, ...grader }) => ({
    ...grader,
    resultId,
    checksJson: checks === null ? null : JSON.stringify(checks),
  }));

export const toolCallRows = (result: NewQuestionResult, resultId: number): ToolCallArgs[] =>
  (result.toolCalls ?? []).map((call) => ({
    resultId,
    seq: call.seq,
    server: call.server,
    name: call.name,
    argsJson: JSON.stringify(call.args),
    result: call.result,
    isError: call.error ? 1 : 0,
    resultOriginalChars: call.resultCut?.originalChars ?? null,
  }));

export const judgeCallRows = (result: NewQuestionResult, resultId: number): JudgeCallArgs[] =>
  result.judgeCalls.map(({ settings, metrics, ...call }) => ({
    ...call,
    metricsJson: metricsJson(metrics),
    runId: result.runId,
    resultId,
    questionId: result.questionId,
    settingsJson: settings === null ? null : JSON.stringify(settings),
    createdAt: result.createdAt,
  }));
