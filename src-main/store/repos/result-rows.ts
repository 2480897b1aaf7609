// A finished question as the rows it becomes: its result, grader scores, tool calls and judge calls, their structured
// parts serialised, and each table's columns. Both stores' writers (result-inserts.ts, result-arrays.ts) write these.
import type {
  CallMetrics,
  ChatMessage,
  GraderResult,
  JudgeCall,
  QuestionStatus,
  ToolCallRecord,
} from '../../../src-shared/model';
import type { NewRow, TableColumns } from '../sql/table-columns';

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

/** The columns of each table a finished question writes, for both stores' writers (table-columns.ts). */
export const RESULT_COLUMNS: TableColumns<'question_results'> = {
  run_id: 'text',
  question_id: 'text',
  repeat_index: 'int',
  status: 'text',
  score: 'float8',
  passed: 'int',
  response: 'text',
  transcript_json: 'text',
  tool_calls_json: 'text',
  error: 'text',
  attempts: 'int',
  latency_ms: 'bigint',
  input_tokens: 'bigint',
  output_tokens: 'bigint',
  cost_usd: 'float8',
  finish_reason: 'text',
  metrics_json: 'text',
  created_at: 'bigint',
  question_version_id: 'bigint',
};
export const GRADER_COLUMNS: TableColumns<'grader_results'> = {
  result_id: 'bigint',
  grader_id: 'text',
  status: 'text',
  score: 'float8',
  min_score: 'float8',
  max_score: 'float8',
  score_0_5: 'float8',
  reason: 'text',
  checks_json: 'text',
};
export const TOOL_CALL_COLUMNS: TableColumns<'tool_calls'> = {
  result_id: 'bigint',
  seq: 'int',
  server: 'text',
  name: 'text',
  args_json: 'text',
  result: 'text',
  is_error: 'int',
  result_original_chars: 'bigint',
};
export const JUDGE_CALL_COLUMNS: TableColumns<'judge_calls'> = {
  run_id: 'text',
  result_id: 'bigint',
  question_id: 'text',
  grader_id: 'text',
  provider: 'text',
  model: 'text',
  template_version: 'text',
  prompt: 'text',
  response_seen: 'text',
  raw_answer: 'text',
  score: 'float8',
  reason: 'text',
  error: 'text',
  settings_json: 'text',
  latency_ms: 'bigint',
  metrics_json: 'text',
  created_at: 'bigint',
};

/** The question version a result answered, as its key in question_versions (null: not known). */
export function versionKey(result: NewQuestionResult): VersionKey | null {
  const version = result.question;
  if (!version) return null;
  return { questionId: result.questionId, textSha256: version.textSha256, tagsJson: JSON.stringify(version.tags) };
}

/** The cache key of a version key. */
export const versionCacheKey = (key: VersionKey) => `${key.questionId}\n${key.textSha256}\n${key.tagsJson}`;

/** The question_results row of a result, its version id given. */
export const resultRow = (result: NewQuestionResult, versionId: number | null): NewRow<'question_results'> => ({
  run_id: result.runId,
  question_id: result.questionId,
  repeat_index: result.repeatIndex,
  status: result.status,
  score: result.score,
  passed: bit(result.passed),
  response: result.response,
  transcript_json: JSON.stringify(result.transcript),
  tool_calls_json: result.toolCalls === null ? null : JSON.stringify(result.toolCalls),
  error: result.error,
  attempts: result.attempts,
  latency_ms: result.latencyMs,
  input_tokens: result.inputTokens,
  output_tokens: result.outputTokens,
  cost_usd: result.costUsd,
  finish_reason: result.finishReason,
  metrics_json: metricsJson(result.metrics),
  created_at: result.createdAt,
  question_version_id: versionId,
});

export const graderRows = (result: NewQuestionResult, resultId: number): NewRow<'grader_results'>[] =>
  result.graders.map((grader) => ({
    result_id: resultId,
    grader_id: grader.graderId,
    status: grader.status,
    score: grader.score,
    min_score: grader.minScore,
    max_score: grader.maxScore,
    score_0_5: grader.score0to5,
    reason: grader.reason,
    checks_json: grader.checks === null ? null : JSON.stringify(grader.checks),
  }));

export const toolCallRows = (result: NewQuestionResult, resultId: number): NewRow<'tool_calls'>[] =>
  (result.toolCalls ?? []).map((call) => ({
    result_id: resultId,
    seq: call.seq,
    server: call.server,
    name: call.name,
    args_json: JSON.stringify(call.args),
    result: call.result,
    is_error: call.error ? 1 : 0,
    result_original_chars: call.resultCut?.originalChars ?? null,
  }));

export const judgeCallRows = (result: NewQuestionResult, resultId: number): NewRow<'judge_calls'>[] =>
  result.judgeCalls.map((call) => ({
    run_id: result.runId,
    result_id: resultId,
    question_id: result.questionId,
    grader_id: call.graderId,
    provider: call.provider,
    model: call.model,
    template_version: call.templateVersion,
    prompt: call.prompt,
    response_seen: call.responseSeen,
    raw_answer: call.rawAnswer,
    score: call.score,
    reason: call.reason,
    error: call.error,
    settings_json: call.settings === null ? null : JSON.stringify(call.settings),
    latency_ms: call.latencyMs,
    metrics_json: metricsJson(call.metrics),
    created_at: result.createdAt,
  }));
