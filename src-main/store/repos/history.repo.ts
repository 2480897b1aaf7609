// A target's question history in SQL: its complete runs in order, every question's per-run verdict counts (folded once
// per run into run_history_cells), the versions (text hash, tags) those results answered, and one question's timeline.
import { sql } from 'kysely';
import type { SqlDialect } from '../sql/dialect';
import { transaction, type Q } from '../sql/query';
import { isReadOnlyRefusal } from '../sql/store-errors';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';
import { CellsCache, type CellsRow } from './history-cells-cache';
import { ownPrompt } from './runs.repo';

/** A complete run of a target as its history shows it: when, and the prompt/model identity it ran with. */
export type HistoryRunRow = Readonly<{
  id: string;
  createdAt: number;
  provider: string;
  model: string;
  systemPromptSha256: string;
  datasetVersion: string;
  repeat: number;
}>;

/**
 * Every question's counts in every run, as flat arrays indexed `question * runs + run` (runs in the order asked):
 * passing, scored and degraded repeats (-1 scored: the question was not in that run) and the version it answered
 * (0: unknown, a result written before versions were kept or imported without its question).
 */
export type HistoryMatrix = Readonly<{
  questionIds: string[];
  runs: number;
  passes: Int16Array;
  scored: Int16Array;
  degraded: Int16Array;
  versionIds: Int32Array;
}>;

export type QuestionVersionRow = Readonly<{ id: number; questionId: string; textSha256: string; tags: string[] }>;

/** One result of a question in a target's timeline (a repeat each). */
export type TimelineRow = Readonly<{
  runId: string;
  resultId: number;
  repeatIndex: number;
  status: string;
  score: number | null;
  passed: boolean | null;
  versionId: number | null;
}>;

/** Counts are stored as one character each, 48 + n (a repeat count is at most 100). */
const COUNT_BASE = 48;
/** Questions' cells kept in memory over all runs: a window of 200 runs of 10,000 questions (about 6 MB of counts). */
const CACHED_CELLS = 2_000_000;

/**
 * Each run's results counted per question through the covering question_results_history, as three texts built in one
 * pass over the same rows (their i-th entries belong to the same question): the string aggregate is the dialects' own.
 */
function cellsQuery(d: SqlDialect, runIds: unknown) {
  const perQuestion = sql`SELECT run_id, question_id, count(*) FILTER (WHERE passed = 1) AS p,
      count(*) FILTER (WHERE status = 'scored') AS n, count(*) FILTER (WHERE status = 'degraded') AS d,
      max(question_version_id) AS v
    FROM question_results WHERE run_id IN ${d.jsonValues(sql.val(runIds), 'text')} GROUP BY run_id, question_id`;
  if (d.name === 'sqlite')
    return sql<CellsRow>`SELECT run_id, group_concat(question_id, ' ') AS question_ids,
        group_concat(char(${COUNT_BASE} + p, ${COUNT_BASE} + n, ${COUNT_BASE} + d), '') AS counts,
        group_concat(ifnull(v, 0), ' ') AS version_ids
      FROM (${perQuestion}) GROUP BY run_id`;
  const char = (count: string) => sql`chr((${COUNT_BASE} + ${sql.raw(count)})::integer)`;
  return sql<CellsRow>`SELECT run_id, string_agg(question_id, ' ' ORDER BY question_id) AS question_ids,
      string_agg(${char('p')} || ${char('n')} || ${char('d')}, '' ORDER BY question_id) AS counts,
      string_agg(coalesce(v, 0)::text, ' ' ORDER BY question_id) AS version_ids
    FROM (${perQuestion}) AS per_question GROUP BY run_id`;
}

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  return {
    // Only the target's own complete runs make its history: no experiments (another prompt), no shards (a slice).
    // The window is chosen first, so only its runs' identities are read for their columns.
    selectRuns: q.prepare((a: { targetId: string; limit: number }) => {
      const identity = sql.ref('latest.identity_json');
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('runs')
            .select(['runs.id', 'runs.created_at', 'runs.identity_json', 'runs.dataset_version', 'runs.repeat_count'])
            .where('runs.target_id', '=', a.targetId)
            .where('runs.status', '=', 'complete')
            .where('runs.shard', 'is', null)
            .where(ownPrompt(d, sql.ref('runs.identity_json')))
            .orderBy('runs.created_at', 'desc')
            .orderBy('runs.id', 'desc')
            .limit(a.limit)
            .as('latest'),
        )
        .select([
          'latest.id as id',
          'latest.created_at as createdAt',
          d.jsonText(identity, ['provider', 'name']).as('provider'),
          d.jsonText(identity, ['model']).as('model'),
          d.jsonText(identity, ['systemPromptSha256']).as('systemPromptSha256'),
          'latest.dataset_version as datasetVersion',
          'latest.repeat_count as repeat',
        ])
        .orderBy('createdAt')
        .orderBy('id');
    }),
    selectCells: q.prepare((a: { runIds: string }) =>
      db
        .selectFrom('run_history_cells')
        .select(['run_id', 'question_ids', 'counts', 'version_ids'])
        .where('run_id', 'in', d.jsonValues(sql.val(a.runIds), 'text')),
    ),
    selectMissing: q.prepare((a: { runIds: string }) =>
      db
        .selectFrom('runs')
        .select('id')
        .where('id', 'in', d.jsonValues(sql.val(a.runIds), 'text'))
        .where('status', '=', 'complete')
        .where('id', 'not in', (eb) => eb.selectFrom('run_history_cells').select('run_id')),
    ),
    foldCells: q.prepare((a: { runIds: string }) => cellsQuery(d, a.runIds)),
    saveCells: q.prepare((a: CellsRow) =>
      db
        .insertInto('run_history_cells')
        .values({ run_id: a.run_id, question_ids: a.question_ids, counts: a.counts, version_ids: a.version_ids })
        .onConflict((oc) => oc.column('run_id').doNothing()),
    ),
    selectVersions: q.prepare((a: { ids: string }) =>
      db
        .selectFrom('question_versions')
        .select(['id', 'question_id', 'text_sha256', 'tags_json'])
        .where('id', 'in', d.jsonValues(sql.val(a.ids), 'int')),
    ),
    selectTimeline: q.prepare((a: { runIds: string; questionId: string }) =>
      db
        .selectFrom('question_results as q')
        .select(['q.run_id', 'q.id', 'q.repeat_index', 'q.status', 'q.score', 'q.passed', 'q.question_version_id'])
        .where('q.question_id', '=', a.questionId)
        .where('q.run_id', 'in', d.jsonValues(sql.val(a.runIds), 'text'))
        .orderBy('q.run_id')
        .orderBy('q.repeat_index'),
    ),
  };
}

export class HistoryRepo {
  private readonly cache = new CellsCache(CACHED_CELLS);
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /**
   * The cells of complete runs folded for the first time, kept for the next history (a role that may only read
   * computes them each time instead).
   */
  private *foldMissing(runIds: string): Q<CellsRow[]> {
    const missing = yield* this.statements.selectMissing.all({ runIds });
    if (missing.length === 0) return [];
    const cells = yield* this.statements.foldCells.all({ runIds: JSON.stringify(missing.map((row) => row.id)) });
    // A run with no results has no row in the fold, and its cells are empty.
    const folded = new Set(cells.map((row) => row.run_id));
    for (const { id } of missing)
      if (!folded.has(id)) cells.push({ run_id: id, question_ids: '', counts: '', version_ids: '' });
    try {
      yield* transaction(() => this.saveAll(cells));
    } catch (error) {
      if (!isReadOnlyRefusal(error)) throw error;
    }
    return cells;
  }

  private *saveAll(cells: readonly CellsRow[]): Q<void> {
    for (const row of cells) yield* this.statements.saveCells.run(row);
  }

  /** The newest `limit` complete runs of a target (no experiments, no shards), oldest first. */
  *runs(targetId: string, limit: number): Q<HistoryRunRow[]> {
    return (yield* this.statements.selectRuns.all({ targetId, limit })) as HistoryRunRow[];
  }

  /** Every question's counts over the given complete runs (folding a run the first time a history reads it). */
  *matrix(runIds: readonly string[]): Q<HistoryMatrix> {
    const rows = new Map<string, CellsRow>();
    for (const runId of runIds) {
      const row = this.cache.get(runId);
      if (row !== undefined) rows.set(runId, row);
    }
    const unread = runIds.filter((runId) => !rows.has(runId));
    if (unread.length > 0) {
      // The stored cells first; only the runs without them are folded.
      const stored = yield* this.statements.selectCells.all({ runIds: JSON.stringify(unread) });
      const storedIds = new Set(stored.map((row) => row.run_id));
      const unfolded = unread.filter((runId) => !storedIds.has(runId));
      const folded = unfolded.length === 0 ? [] : yield* this.foldMissing(JSON.stringify(unfolded));
      for (const row of [...stored, ...folded]) {
        rows.set(row.run_id, row);
        this.cache.add(row);
      }
    }
    // Runs of one dataset usually ask the same questions in the same versions: split each distinct text once.
    const splitOnce = <T>(cache: Map<string, T[]>, text: string, map: (part: string) => T): T[] => {
      let list = cache.get(text);
      if (!list) cache.set(text, (list = text === '' ? [] : text.split(' ').map(map)));
      return list;
    };
    const idLists = new Map<string, string[]>();
    const versionLists = new Map<string, number[]>();
    const index = new Map<string, number>();
    for (const row of rows.values()) splitOnce(idLists, row.question_ids, String);
    // The union of the distinct lists only: a window of 200 runs of one dataset walks one list, not 200.
    for (const ids of idLists.values()) for (const id of ids) if (!index.has(id)) index.set(id, 0);
    const questionIds = [...index.keys()].sort();
    questionIds.forEach((id, i) => index.set(id, i));
    // Where each distinct id list puts its questions in the sorted union.
    const positions = new Map<string, Int32Array>();
    for (const [text, ids] of idLists)
      positions.set(
        text,
        Int32Array.from(ids, (id) => index.get(id)!),
      );
    const runs = runIds.length;
    const size = questionIds.length * runs;
    const matrix: HistoryMatrix = {
      questionIds,
      runs,
      passes: new Int16Array(size),
      scored: new Int16Array(size).fill(-1),
      degraded: new Int16Array(size),
      versionIds: new Int32Array(size),
    };
    runIds.forEach((runId, run) => {
      const row = rows.get(runId);
      if (!row) return;
      const at = positions.get(row.question_ids)!;
      const versions = splitOnce(versionLists, row.version_ids, Number);
      const { counts } = row;
      for (let i = 0; i < at.length; i += 1) {
        const cell = at[i]! * runs + run;
        matrix.passes[cell] = counts.charCodeAt(3 * i) - COUNT_BASE;
        matrix.scored[cell] = counts.charCodeAt(3 * i + 1) - COUNT_BASE;
        matrix.degraded[cell] = counts.charCodeAt(3 * i + 2) - COUNT_BASE;
        matrix.versionIds[cell] = versions[i]!;
      }
    });
    return matrix;
  }

  /** The versions (question id, text hash, tags) with these ids. */
  *versions(ids: readonly number[]): Q<QuestionVersionRow[]> {
    return (yield* this.statements.selectVersions.all({ ids: JSON.stringify(ids) })).map((row) => ({
      id: row.id,
      questionId: row.question_id,
      textSha256: row.text_sha256,
      tags: JSON.parse(row.tags_json) as string[],
    }));
  }

  /** Every result (repeat) of one question in the given runs. */
  *timeline(runIds: readonly string[], questionId: string): Q<TimelineRow[]> {
    return (yield* this.statements.selectTimeline.all({ runIds: JSON.stringify(runIds), questionId })).map((row) => ({
      runId: row.run_id,
      resultId: row.id,
      repeatIndex: row.repeat_index,
      status: row.status,
      score: row.score,
      passed: row.passed === null ? null : row.passed === 1,
      versionId: row.question_version_id,
    }));
  }
}
