// Writing finished questions: each with its grader scores, tool calls and judge calls, in one transaction.
import type {
  CallMetrics,
  ChatMessage,
  GraderResult,
  JudgeCall,
  QuestionStatus,
  ToolCallRecord,
} from '../../../src-shared/model';
import type { Db } from '../db';

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

export class ResultInserts {
  /** Writes finished questions in one transaction (all or none); returns their ids in order. */
  readonly insertMany: (results: readonly NewQuestionResult[]) => number[];

  constructor(db: Db) {
    const insertResult = db.prepare(
      `INSERT INTO question_results (run_id, question_id, repeat_index, status, score, passed, response, transcript_json, tool_calls_json,
         error, attempts, latency_ms, input_tokens, output_tokens, cost_usd, finish_reason, metrics_json, created_at, question_version_id)
       VALUES (@runId, @questionId, @repeatIndex, @status, @score, @passed, @response, @transcriptJson, @toolCallsJson,
         @error, @attempts, @latencyMs, @inputTokens, @outputTokens, @costUsd, @finishReason, @metricsJson, @createdAt, @versionId)`,
    );
    const insertVersion = db.prepare(
      `INSERT INTO question_versions (question_id, text_sha256, tags_json) VALUES (@questionId, @textSha256, @tagsJson)
       ON CONFLICT DO NOTHING`,
    );
    const selectVersion = db
      .prepare(
        'SELECT id FROM question_versions WHERE question_id = @questionId AND text_sha256 = @textSha256 AND tags_json = @tagsJson',
      )
      .pluck();
    // Versions are few (one per question and wording): remember their ids instead of asking at every result.
    const versionIds = new Map<string, number>();
    const versionIdOf = (questionId: string, version: QuestionVersion | null | undefined): number | null => {
      if (!version) return null;
      const key = { questionId, textSha256: version.textSha256, tagsJson: JSON.stringify(version.tags) };
      const cacheKey = `${key.questionId}\n${key.textSha256}\n${key.tagsJson}`;
      let id = versionIds.get(cacheKey);
      if (id === undefined) {
        insertVersion.run(key);
        id = selectVersion.get(key) as number;
        versionIds.set(cacheKey, id);
      }
      return id;
    };
    const insertGrader = db.prepare(
      `INSERT INTO grader_results (result_id, grader_id, status, score, min_score, max_score, score_0_5, reason, checks_json)
       VALUES (@resultId, @graderId, @status, @score, @minScore, @maxScore, @score0to5, @reason, @checksJson)`,
    );
    const insertToolCall = db.prepare(
      `INSERT INTO tool_calls (result_id, seq, server, name, args_json, result, is_error, result_original_chars)
       VALUES (@resultId, @seq, @server, @name, @argsJson, @result, @isError, @resultOriginalChars)`,
    );
    const insertJudgeCall = db.prepare(
      `INSERT INTO judge_calls (run_id, result_id, question_id, grader_id, provider, model, template_version, prompt, response_seen,
         raw_answer, score, reason, error, settings_json, latency_ms, metrics_json, created_at)
       VALUES (@runId, @resultId, @questionId, @graderId, @provider, @model, @templateVersion, @prompt, @responseSeen,
         @rawAnswer, @score, @reason, @error, @settingsJson, @latencyMs, @metricsJson, @createdAt)`,
    );
    const releaseAnswer = db.prepare(
      'DELETE FROM answered_questions WHERE run_id = @runId AND question_id = @questionId AND repeat_index = @repeatIndex',
    );
    const writeOne = (result: NewQuestionResult): number => {
      releaseAnswer.run({ runId: result.runId, questionId: result.questionId, repeatIndex: result.repeatIndex });
      const resultId = Number(
        insertResult.run({
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
          versionId: versionIdOf(result.questionId, result.question),
        }).lastInsertRowid,
      );
      for (const { checks, ...grader } of result.graders) {
        insertGrader.run({ ...grader, resultId, checksJson: checks === null ? null : JSON.stringify(checks) });
      }
      for (const call of result.toolCalls ?? []) {
        insertToolCall.run({
          resultId,
          seq: call.seq,
          server: call.server,
          name: call.name,
          argsJson: JSON.stringify(call.args),
          result: call.result,
          isError: call.error ? 1 : 0,
          resultOriginalChars: call.resultCut?.originalChars ?? null,
        });
      }
      for (const { settings, metrics, ...call } of result.judgeCalls) {
        insertJudgeCall.run({
          ...call,
          metricsJson: metricsJson(metrics),
          runId: result.runId,
          resultId,
          questionId: result.questionId,
          settingsJson: settings === null ? null : JSON.stringify(settings),
          createdAt: result.createdAt,
        });
      }
      return resultId;
    };
    // A question's rows are written together in one transaction: a crash leaves either the whole question or none
    // of it, and the UNIQUE (run_id, question_id, repeat_index) key makes a second write of it fail loudly. Questions
    // that finish together share a transaction: each commit appends whole pages to the WAL, so one commit per
    // question would cost far more than the rows themselves.
    this.insertMany = db.transaction((results: readonly NewQuestionResult[]): number[] => results.map(writeOne));
  }
}
