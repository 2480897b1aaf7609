// Writing finished questions on PostgreSQL: a batch's rows of each table go in one statement, as arrays unnested by
// the server. Over a network every statement is a round trip; one a row would make a run wait on the store.
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import type { StoreContext } from '../store-context';
import type { ResultWriterOf } from './result-inserts';
import { unnestInsert } from '../sql/table-columns';
import * as questionRows from './result-rows';
import type { NewQuestionResult, VersionKey } from './result-rows';

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
    const added = yield* this.newVersions(results.map(questionRows.versionKey));
    const versionOf = (result: NewQuestionResult) => {
      const key = questionRows.versionKey(result);
      return key === null
        ? null
        : (this.versionIds.get(questionRows.versionCacheKey(key)) ?? added.get(questionRows.versionCacheKey(key))!);
    };
    const resultRows = results.map((result) => questionRows.resultRow(result, versionOf(result)));
    const inserted = yield* q.all(sql<{ id: number; question_id: string; repeat_index: number }>`
      ${unnestInsert('question_results', questionRows.RESULT_COLUMNS, resultRows)}
      RETURNING id, question_id, repeat_index`);
    const idOf = new Map(inserted.map((row) => [`${row.question_id}\n${row.repeat_index}`, row.id]));
    const ids = results.map((result) => idOf.get(`${result.questionId}\n${result.repeatIndex}`)!);
    yield* this.children(results, ids);
    return { ids, added };
  }

  /** The grader scores, tool calls and judge calls of the batch, a statement a table (none where a table gets none). */
  private *children(results: readonly NewQuestionResult[], ids: readonly number[]): Q<void> {
    const { q } = this;
    const graders = results.flatMap((result, i) => questionRows.graderRows(result, ids[i]!));
    if (graders.length > 0) yield* q.run(unnestInsert('grader_results', questionRows.GRADER_COLUMNS, graders));
    const tools = results.flatMap((result, i) => questionRows.toolCallRows(result, ids[i]!));
    if (tools.length > 0) yield* q.run(unnestInsert('tool_calls', questionRows.TOOL_CALL_COLUMNS, tools));
    const judges = results.flatMap((result, i) => questionRows.judgeCallRows(result, ids[i]!));
    if (judges.length > 0) yield* q.run(unnestInsert('judge_calls', questionRows.JUDGE_CALL_COLUMNS, judges));
  }

  /** The ids of the batch's versions not yet known to this process (inserting those the store lacks). */
  private *newVersions(keys: readonly (VersionKey | null)[]): Q<Map<string, number>> {
    const unknown = new Map<string, VersionKey>();
    for (const key of keys)
      if (key !== null && !this.versionIds.has(questionRows.versionCacheKey(key)))
        unknown.set(questionRows.versionCacheKey(key), key);
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
        questionRows.versionCacheKey({
          questionId: row.question_id,
          textSha256: row.text_sha256,
          tagsJson: row.tags_json,
        }),
        row.id,
      );
    return added;
  }
}
