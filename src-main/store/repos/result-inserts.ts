// Writing finished questions on SQLite: each with its grader scores, tool calls and judge calls, one statement a row,
// all in one transaction (statements are cheap in-process; a commit is not).
import { transaction, type Q } from '../sql/query';
import type { StoreContext } from '../store-context';
import {
  graderRows,
  judgeCallRows,
  resultRow,
  toolCallRows,
  versionCacheKey,
  versionKey,
  type GraderArgs,
  type JudgeCallArgs,
  type NewQuestionResult,
  type ResultArgs,
  type ToolCallArgs,
  type VersionKey,
} from './result-rows';

export type { NewQuestionResult, QuestionVersion } from './result-rows';

/** Writes a batch of finished questions and returns their ids in order (result-arrays.ts on PostgreSQL). */
export type ResultWriterOf = Readonly<{ insertMany(results: readonly NewQuestionResult[]): Q<number[]> }>;

export class ResultInserts implements ResultWriterOf {
  private readonly insertResult;
  private readonly insertVersion;
  private readonly selectVersion;
  private readonly insertGrader;
  private readonly insertToolCall;
  private readonly insertJudgeCall;
  private readonly releaseAnswer;
  /** Versions are few (one per question and wording): their ids are remembered instead of asked at every result. */
  private readonly versionIds = new Map<string, number>();

  constructor({ q }: StoreContext) {
    const { db } = q;
    this.insertResult = q.prepare((a: ResultArgs) =>
      db.insertInto('question_results').values({
        run_id: a.runId,
        question_id: a.questionId,
        repeat_index: a.repeatIndex,
        status: a.status,
        score: a.score,
        passed: a.passed,
        response: a.response,
        transcript_json: a.transcriptJson,
        tool_calls_json: a.toolCallsJson,
        error: a.error,
        attempts: a.attempts,
        latency_ms: a.latencyMs,
        input_tokens: a.inputTokens,
        output_tokens: a.outputTokens,
        cost_usd: a.costUsd,
        finish_reason: a.finishReason,
        metrics_json: a.metricsJson,
        created_at: a.createdAt,
        question_version_id: a.versionId,
      }),
    );
    this.insertVersion = q.prepare((a: VersionKey) =>
      db
        .insertInto('question_versions')
        .values({ question_id: a.questionId, text_sha256: a.textSha256, tags_json: a.tagsJson })
        .onConflict((oc) => oc.doNothing()),
    );
    this.selectVersion = q.prepare((a: VersionKey) =>
      db
        .selectFrom('question_versions')
        .select('id')
        .where('question_id', '=', a.questionId)
        .where('text_sha256', '=', a.textSha256)
        .where('tags_json', '=', a.tagsJson),
    );
    this.insertGrader = q.prepare((a: GraderArgs) =>
      db.insertInto('grader_results').values({
        result_id: a.resultId,
        grader_id: a.graderId,
        status: a.status,
        score: a.score,
        min_score: a.minScore,
        max_score: a.maxScore,
        score_0_5: a.score0to5,
        reason: a.reason,
        checks_json: a.checksJson,
      }),
    );
    this.insertToolCall = q.prepare((a: ToolCallArgs) =>
      db.insertInto('tool_calls').values({
        result_id: a.resultId,
        seq: a.seq,
        server: a.server,
        name: a.name,
        args_json: a.argsJson,
        result: a.result,
        is_error: a.isError,
        result_original_chars: a.resultOriginalChars,
      }),
    );
    this.insertJudgeCall = q.prepare((a: JudgeCallArgs) =>
      db.insertInto('judge_calls').values({
        run_id: a.runId,
        result_id: a.resultId,
        question_id: a.questionId,
        grader_id: a.graderId,
        provider: a.provider,
        model: a.model,
        template_version: a.templateVersion,
        prompt: a.prompt,
        response_seen: a.responseSeen,
        raw_answer: a.rawAnswer,
        score: a.score,
        reason: a.reason,
        error: a.error,
        settings_json: a.settingsJson,
        latency_ms: a.latencyMs,
        metrics_json: a.metricsJson,
        created_at: a.createdAt,
      }),
    );
    this.releaseAnswer = q.prepare((a: { runId: string; questionId: string; repeatIndex: number }) =>
      db
        .deleteFrom('answered_questions')
        .where('run_id', '=', a.runId)
        .where('question_id', '=', a.questionId)
        .where('repeat_index', '=', a.repeatIndex),
    );
  }

  /**
   * Writes finished questions in one transaction (all or none); returns their ids in order. A question's rows are
   * written together: a crash leaves either the whole question or none of it, and the UNIQUE (run_id, question_id,
   * repeat_index) key makes a second write of it fail loudly. Questions that finish together share a transaction:
   * each commit appends whole pages to the WAL, so one commit per question would cost far more than the rows themselves.
   */
  *insertMany(results: readonly NewQuestionResult[]): Q<number[]> {
    // Versions this transaction adds are remembered once it commits: a rolled-back one does not exist.
    const { ids, added } = yield* transaction(() => this.writeAll(results));
    for (const [key, id] of added) this.versionIds.set(key, id);
    return ids;
  }

  private *writeAll(results: readonly NewQuestionResult[]): Q<{ ids: number[]; added: Map<string, number> }> {
    const added = new Map<string, number>();
    const ids: number[] = [];
    for (const result of results) ids.push(yield* this.writeOne(result, added));
    return { ids, added };
  }

  private *versionIdOf(key: VersionKey | null, added: Map<string, number>): Q<number | null> {
    if (!key) return null;
    const cacheKey = versionCacheKey(key);
    let id = this.versionIds.get(cacheKey) ?? added.get(cacheKey);
    if (id === undefined) {
      yield* this.insertVersion.run(key);
      id = (yield* this.selectVersion.first(key))!.id;
      added.set(cacheKey, id);
    }
    return id;
  }

  private *writeOne(result: NewQuestionResult, added: Map<string, number>): Q<number> {
    const { runId, questionId, repeatIndex } = result;
    yield* this.releaseAnswer.run({ runId, questionId, repeatIndex });
    const versionId = yield* this.versionIdOf(versionKey(result), added);
    const resultId = (yield* this.insertResult.run(resultRow(result, versionId))).lastInsertRowid!;
    for (const row of graderRows(result, resultId)) yield* this.insertGrader.run(row);
    for (const row of toolCallRows(result, resultId)) yield* this.insertToolCall.run(row);
    for (const row of judgeCallRows(result, resultId)) yield* this.insertJudgeCall.run(row);
    return resultId;
  }
}
