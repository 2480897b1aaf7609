// Writing finished questions on PostgreSQL: a whole batch in one statement, one round trip and atomic on its own. Each
// table's rows go as column arrays unnested by the server, tied together by data-modifying CTEs. Every statement is a
// round trip, and on a loaded machine every round trip waits for the server to be scheduled: a batch written as seven
// (BEGIN, a statement a table, COMMIT) made the run wait on the store.
import { sql, type RawBuilder } from 'kysely';
import type { Q } from '../sql/query';
import type { PgArrayType } from '../sql/table-columns';
import type { StoreContext } from '../store-context';
import type { ResultWriterOf } from './result-inserts';
import * as questionRows from './result-rows';
import type { NewQuestionResult, VersionKey } from './result-rows';

type ArrayTypes = Readonly<Record<string, PgArrayType>>;

/**
 * `unnest(a::text[], b::int[], …) AS alias(a, b, …)`: rows sent as column arrays, zipped again by the server; with
 * `ordinality`, each row's place (1-based) as a last column `ord`.
 */
function unnestOf(alias: string, types: ArrayTypes, rows: readonly object[], ordinality = false): RawBuilder<unknown> {
  const names = Object.keys(types);
  const arrays = names.map(
    (name) => sql`${rows.map((row) => (row as Record<string, unknown>)[name])}::${sql.raw(types[name]!)}[]`,
  );
  const columns = sql.join([...names, ...(ordinality ? ['ord'] : [])].map((name) => sql.ref(name)));
  return sql`unnest(${sql.join(arrays)}) ${sql.raw(ordinality ? 'WITH ORDINALITY ' : '')}AS ${sql.raw(alias)}(${columns})`;
}

/**
 * The CTE inserting the batch's rows of a child table, in the order given: each row's `result_id` holds its result's
 * place in the batch (1-based), exchanged here for the id the result got.
 */
function childInsert(table: 'grader_results' | 'tool_calls' | 'judge_calls', types: ArrayTypes, rows: object[]) {
  const names = Object.keys(types);
  const listed = sql.join(names.map((name) => sql.ref(name)));
  const picked = names.map((name) => (name === 'result_id' ? sql`ids.id` : sql`c.${sql.ref(name)}`));
  return sql`${sql.raw(table)}_written AS (INSERT INTO ${sql.table(table)} (${listed})
    SELECT ${sql.join(picked)} FROM ${unnestOf('c', types, rows, true)} JOIN ids ON ids.n = c.result_id
    ORDER BY c.ord)`;
}

/** A result's row as the batch sends it: its place, and the version to look up where its id is not known yet. */
const BATCH_COLUMNS: ArrayTypes = {
  ...questionRows.RESULT_COLUMNS,
  n: 'int',
  version_sha256: 'text',
  version_tags: 'text',
};

const byCacheKey = (a: VersionKey, b: VersionKey) =>
  questionRows.versionCacheKey(a) < questionRows.versionCacheKey(b) ? -1 : 1;

export class ResultArrays implements ResultWriterOf {
  private readonly q: StoreContext['q'];
  /** Versions are few (one per question and wording): their ids are remembered instead of asked at every batch. */
  private readonly versionIds = new Map<string, number>();

  constructor({ q }: StoreContext) {
    this.q = q;
  }

  /**
   * Writes finished questions in one statement (all or none: a crash leaves the whole batch or none of it, and the
   * UNIQUE (run_id, question_id, repeat_index) key makes a second write of a question fail the batch loudly); returns
   * their ids in order.
   */
  *insertMany(results: readonly NewQuestionResult[]): Q<number[]> {
    if (results.length === 0) return [];
    const keys = results.map(questionRows.versionKey);
    const rows = yield* this.q.allOfOneShape(this.batch(results, keys));
    const ids = new Array<number>(results.length);
    for (const row of rows) {
      ids[row.n - 1] = row.id;
      const key = keys[row.n - 1];
      // Committed with the batch (or the caller's transaction, as before with a transaction of its own).
      if (key && row.question_version_id !== null)
        this.versionIds.set(questionRows.versionCacheKey(key), row.question_version_id);
    }
    return ids;
  }

  /**
   * The batch's statement, its SQL the same for every batch (the server plans it once). Results get their ids in the
   * batch's order (a join may reorder rows; a run and a result's children are read back in id order). Answers held
   * between phases are released. Versions this process does not know yet are upserted: ON CONFLICT DO UPDATE returns
   * a row another writer inserted first, where DO NOTHING would return none and this statement's snapshot would not
   * see it; in key order, so that two writers lock them in the same order.
   */
  private batch(
    results: readonly NewQuestionResult[],
    keys: readonly (VersionKey | null)[],
  ): RawBuilder<{ n: number; id: number; question_version_id: number | null }> {
    const known = keys.map((key) => (key && this.versionIds.get(questionRows.versionCacheKey(key))) ?? null);
    const unknown = new Map<string, VersionKey>();
    keys.forEach((key, i) => {
      if (key !== null && known[i] === null) unknown.set(questionRows.versionCacheKey(key), key);
    });
    const versions = [...unknown.values()].sort(byCacheKey).map((key) => ({
      question_id: key.questionId,
      text_sha256: key.textSha256,
      tags_json: key.tagsJson,
    }));
    const rows = results.map((result, i) => ({
      ...questionRows.resultRow(result, known[i] ?? null),
      n: i + 1,
      version_sha256: known[i] === null ? (keys[i]?.textSha256 ?? null) : null,
      version_tags: known[i] === null ? (keys[i]?.tagsJson ?? null) : null,
    }));
    const children = [
      childInsert(
        'grader_results',
        questionRows.GRADER_COLUMNS,
        results.flatMap((result, i) => questionRows.graderRows(result, i + 1)),
      ),
      childInsert(
        'tool_calls',
        questionRows.TOOL_CALL_COLUMNS,
        results.flatMap((result, i) => questionRows.toolCallRows(result, i + 1)),
      ),
      childInsert(
        'judge_calls',
        questionRows.JUDGE_CALL_COLUMNS,
        results.flatMap((result, i) => questionRows.judgeCallRows(result, i + 1)),
      ),
    ];
    const names = Object.keys(questionRows.RESULT_COLUMNS);
    const picked = names.map((name) =>
      name === 'question_version_id' ? sql`coalesce(r.question_version_id, v.id)` : sql`r.${sql.ref(name)}`,
    );
    const versionTypes: ArrayTypes = { question_id: 'text', text_sha256: 'text', tags_json: 'text' };
    return sql`WITH r AS (SELECT * FROM ${unnestOf('r', BATCH_COLUMNS, rows)}),
      released AS (DELETE FROM answered_questions a USING r
        WHERE a.run_id = r.run_id AND a.question_id = r.question_id AND a.repeat_index = r.repeat_index),
      versions AS (INSERT INTO question_versions (question_id, text_sha256, tags_json)
        SELECT * FROM ${unnestOf('nv', versionTypes, versions)}
        ON CONFLICT (question_id, text_sha256, tags_json) DO UPDATE SET question_id = EXCLUDED.question_id
        RETURNING id, question_id, text_sha256, tags_json),
      inserted AS (INSERT INTO question_results (${sql.join(names.map((name) => sql.ref(name)))})
        SELECT ${sql.join(picked)} FROM r LEFT JOIN versions v
          ON v.question_id = r.question_id AND v.text_sha256 = r.version_sha256 AND v.tags_json = r.version_tags
        ORDER BY r.n
        RETURNING id, run_id, question_id, repeat_index, question_version_id),
      ids AS (SELECT r.n, i.id, i.question_version_id FROM inserted i
        JOIN r ON r.run_id = i.run_id AND r.question_id = i.question_id AND r.repeat_index = i.repeat_index),
      ${sql.join(children, sql`, `)}
      SELECT n, id, question_version_id FROM ids`;
  }
}
