// Writing finished questions on PostgreSQL: a batch's rows of each table go in one statement, as arrays unnested by
// the server. Over a network every statement is a round trip; one a row would make a run wait on the store.
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import type { StoreContext } from '../store-context';
import type { ResultWriterOf } from './result-inserts';
import {
  graderRows,
  judgeCallRows,
  resultRow,
  toolCallRows,
  versionCacheKey,
  versionKey,
  type NewQuestionResult,
  type VersionKey,
} from './result-rows';

/** Column arrays of rows: { a: [row1.a, row2.a, …], … }, for unnest. */
function columns<T extends object, K extends keyof T>(rows: readonly T[], keys: readonly K[]): Record<K, T[K][]> {
  const out = Object.fromEntries(keys.map((key) => [key, [] as T[K][]])) as Record<K, T[K][]>;
  for (const row of rows) for (const key of keys) out[key].push(row[key]);
  return out;
}

export class ResultArrays implements ResultWriterOf {
  private readonly q: StoreContext['q'];
  /** Versions are few (one per question and wording): their ids are remembered instead of asked at every batch. */
  private readonly versionIds = new Map<string, number>();

  constructor({ q }: StoreContext) {
    this.q = q;
  }

  /** Writes finished questions in one transaction (all or none); returns their ids in order. */
  *insertMany(results: readonly NewQuestionResult[]): Q<number[]> {
    if (results.length === 0) return [];
    const { ids, added } = yield* transaction(() => this.writeAll(results));
    for (const [key, id] of added) this.versionIds.set(key, id);
    return ids;
  }

  private *writeAll(results: readonly NewQuestionResult[]): Q<{ ids: number[]; added: Map<string, number> }> {
    const { q } = this;
    const keys = columns(results, ['runId', 'questionId', 'repeatIndex']);
    yield* q.run(sql`DELETE FROM answered_questions a
      USING unnest(${keys.runId}::text[], ${keys.questionId}::text[], ${keys.repeatIndex}::int[]) AS k(run_id, question_id, repeat_index)
      WHERE a.run_id = k.run_id AND a.question_id = k.question_id AND a.repeat_index = k.repeat_index`);
    const added = yield* this.newVersions(results.map(versionKey));
    const versionOf = (result: NewQuestionResult) => {
      const key = versionKey(result);
      return key === null ? null : (this.versionIds.get(versionCacheKey(key)) ?? added.get(versionCacheKey(key))!);
    };
    const r = columns(
      results.map((result) => resultRow(result, versionOf(result))),
      [
        'runId',
        'questionId',
        'repeatIndex',
        'status',
        'score',
        'passed',
        'response',
        'transcriptJson',
        'toolCallsJson',
        'error',
        'attempts',
        'latencyMs',
        'inputTokens',
        'outputTokens',
        'costUsd',
        'finishReason',
        'metricsJson',
        'createdAt',
        'versionId',
      ],
    );
    const inserted = yield* q.all(sql<{ id: number; question_id: string; repeat_index: number }>`
      INSERT INTO question_results (run_id, question_id, repeat_index, status, score, passed, response, transcript_json,
        tool_calls_json, error, attempts, latency_ms, input_tokens, output_tokens, cost_usd, finish_reason, metrics_json,
        created_at, question_version_id)
      SELECT * FROM unnest(${r.runId}::text[], ${r.questionId}::text[], ${r.repeatIndex}::int[], ${r.status}::text[],
        ${r.score}::float8[], ${r.passed}::int[], ${r.response}::text[], ${r.transcriptJson}::text[],
        ${r.toolCallsJson}::text[], ${r.error}::text[], ${r.attempts}::int[], ${r.latencyMs}::bigint[],
        ${r.inputTokens}::bigint[], ${r.outputTokens}::bigint[], ${r.costUsd}::float8[], ${r.finishReason}::text[],
        ${r.metricsJson}::text[], ${r.createdAt}::bigint[], ${r.versionId}::bigint[])
      RETURNING id, question_id, repeat_index`);
    const idOf = new Map(inserted.map((row) => [`${row.question_id}\n${row.repeat_index}`, row.id]));
    const ids = results.map((result) => idOf.get(`${result.questionId}\n${result.repeatIndex}`)!);
    yield* this.children(results, ids);
    return { ids, added };
  }

  /** The grader scores, tool calls and judge calls of the batch, a statement a table (none where a table gets none). */
  private *children(results: readonly NewQuestionResult[], ids: readonly number[]): Q<void> {
    const { q } = this;
    const graders = results.flatMap((result, i) => graderRows(result, ids[i]!));
    if (graders.length > 0) {
      const g = columns(graders, [
        'resultId',
        'graderId',
        'status',
        'score',
        'minScore',
        'maxScore',
        'score0to5',
        'reason',
        'checksJson',
      ]);
      yield* q.run(sql`INSERT INTO grader_results (result_id, grader_id, status, score, min_score, max_score, score_0_5,
          reason, checks_json)
        SELECT * FROM unnest(${g.resultId}::bigint[], ${g.graderId}::text[], ${g.status}::text[], ${g.score}::float8[],
          ${g.minScore}::float8[], ${g.maxScore}::float8[], ${g.score0to5}::float8[], ${g.reason}::text[],
          ${g.checksJson}::text[])`);
    }
    const tools = results.flatMap((result, i) => toolCallRows(result, ids[i]!));
    if (tools.length > 0) {
      const t = columns(tools, [
        'resultId',
        'seq',
        'server',
        'name',
        'argsJson',
        'result',
        'isError',
        'resultOriginalChars',
      ]);
      yield* q.run(sql`INSERT INTO tool_calls (result_id, seq, server, name, args_json, result, is_error,
          result_original_chars)
        SELECT * FROM unnest(${t.resultId}::bigint[], ${t.seq}::int[], ${t.server}::text[], ${t.name}::text[],
          ${t.argsJson}::text[], ${t.result}::text[], ${t.isError}::int[], ${t.resultOriginalChars}::bigint[])`);
    }
    const judges = results.flatMap((result, i) => judgeCallRows(result, ids[i]!));
    if (judges.length > 0) {
      const j = columns(judges, [
        'runId',
        'resultId',
        'questionId',
        'graderId',
        'provider',
        'model',
        'templateVersion',
        'prompt',
        'responseSeen',
        'rawAnswer',
        'score',
        'reason',
        'error',
        'settingsJson',
        'latencyMs',
        'metricsJson',
        'createdAt',
      ]);
      yield* q.run(sql`INSERT INTO judge_calls (run_id, result_id, question_id, grader_id, provider, model,
          template_version, prompt, response_seen, raw_answer, score, reason, error, settings_json, latency_ms,
          metrics_json, created_at)
        SELECT * FROM unnest(${j.runId}::text[], ${j.resultId}::bigint[], ${j.questionId}::text[], ${j.graderId}::text[],
          ${j.provider}::text[], ${j.model}::text[], ${j.templateVersion}::text[], ${j.prompt}::text[],
          ${j.responseSeen}::text[], ${j.rawAnswer}::text[], ${j.score}::float8[], ${j.reason}::text[],
          ${j.error}::text[], ${j.settingsJson}::text[], ${j.latencyMs}::bigint[], ${j.metricsJson}::text[],
          ${j.createdAt}::bigint[])`);
    }
  }

  /** The ids of the batch's versions not yet known to this process (inserting those the store lacks). */
  private *newVersions(keys: readonly (VersionKey | null)[]): Q<Map<string, number>> {
    const unknown = new Map<string, VersionKey>();
    for (const key of keys)
      if (key !== null && !this.versionIds.has(versionCacheKey(key))) unknown.set(versionCacheKey(key), key);
    const added = new Map<string, number>();
    if (unknown.size === 0) return added;
    const v = columns([...unknown.values()], ['questionId', 'textSha256', 'tagsJson']);
    const set = sql`unnest(${v.questionId}::text[], ${v.textSha256}::text[], ${v.tagsJson}::text[]) AS v(question_id, text_sha256, tags_json)`;
    yield* this.q.run(sql`INSERT INTO question_versions (question_id, text_sha256, tags_json)
      SELECT question_id, text_sha256, tags_json FROM ${set} ON CONFLICT DO NOTHING`);
    const rows = yield* this.q.all(sql<{ id: number; question_id: string; text_sha256: string; tags_json: string }>`
      SELECT q.id, q.question_id, q.text_sha256, q.tags_json FROM question_versions q JOIN ${set}
        ON q.question_id = v.question_id AND q.text_sha256 = v.text_sha256 AND q.tags_json = v.tags_json`);
    for (const row of rows)
      added.set(
        versionCacheKey({ questionId: row.question_id, textSha256: row.text_sha256, tagsJson: row.tags_json }),
        row.id,
      );
    return added;
  }
}
