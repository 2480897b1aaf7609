// The runs table: a run's row from creation to verdict, run lists, and the trend queries (sparklines, dashboard).
import {
  runIdentity,
  verdict as verdictSchema,
  type HistoryPoint,
  type RunIdentity,
  type RunSource,
  type RunStatus,
  type RunSummary,
  type Verdict,
  type WeekStats,
} from '../../../src-shared/model';
import { sql, type Expression } from 'kysely';
import { messageOf } from '../../../src-shared/text/message-of';
import type { SqlDialect } from '../sql/dialect';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

export type NewRun = Readonly<{
  id: string;
  targetId: string;
  source: RunSource;
  datasetId: string;
  datasetVersion: string;
  datasetSha256: string;
  repeat: number;
  shard: string | null;
  total: number;
  identity: RunIdentity;
  createdAt: number;
}>;

/** A run as the engine needs it: its summary plus the identity and verdict. */
export type RunRecord = RunSummary & Readonly<{ identity: RunIdentity; verdict: Verdict | null }>;

type RunRow = {
  id: string;
  target_id: string;
  status: RunStatus;
  source: RunSource;
  dataset_id: string;
  dataset_version: string;
  repeat_count: number;
  shard: string | null;
  total: number;
  error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  done: number;
  model: string | null;
  avg_score: number | null;
  pass_rate: number | null;
  passed: number | null;
  experiment: number;
  adaptive: number | null;
};

// The summary columns come straight from SQL (the JSON paths), so listing runs never parses whole snapshots;
// `done` comes from a complete run's verdict counts, and is counted through the (run_id, status) index otherwise.
function summaryColumns(d: SqlDialect) {
  const verdict = sql.ref('runs.verdict_json');
  const identity = sql.ref('runs.identity_json');
  const count = (key: string) => d.jsonNumber(verdict, ['counts', key]);
  return [
    'runs.id',
    'runs.target_id',
    'runs.status',
    'runs.source',
    'runs.dataset_id',
    'runs.dataset_version',
    'runs.repeat_count',
    'runs.shard',
    'runs.total',
    'runs.error',
    'runs.created_at',
    'runs.started_at',
    'runs.finished_at',
    sql<number>`CASE WHEN runs.verdict_json IS NULL THEN (SELECT count(*) FROM question_results q WHERE q.run_id = runs.id)
      ELSE ${count('scored')} + ${count('unscored')} + ${count('degraded')} END`.as('done'),
    d.jsonText(identity, ['model']).as('model'),
    d.jsonNumber(verdict, ['avg_score']).as('avg_score'),
    d.jsonNumber(verdict, ['pass_rate']).as('pass_rate'),
    d.jsonFlag(verdict, ['passed']).as('passed'),
    sql<number>`CASE WHEN ${d.jsonText(identity, ['promptVariant'])} IS NULL THEN 0 ELSE 1 END`.as('experiment'),
    d.jsonFlag(identity, ['selection', 'adaptive']).as('adaptive'),
  ] as const;
}

const toSummary = (row: RunRow): RunSummary => ({
  id: row.id,
  targetId: row.target_id,
  status: row.status,
  source: row.source,
  model: row.model ?? '',
  datasetId: row.dataset_id,
  datasetVersion: row.dataset_version,
  repeat: row.repeat_count,
  shard: row.shard,
  total: row.total,
  done: row.done,
  avgScore: row.avg_score,
  passRate: row.pass_rate,
  passed: row.passed === null ? null : row.passed === 1,
  error: row.error,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  experiment: row.experiment === 1,
  adaptive: row.adaptive === 1,
});

function parseStored<T>(schema: { parse(value: unknown): T }, text: string, what: string): T {
  try {
    return schema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(`${what} is not readable: ${messageOf(error)}`, {
      cause: error,
    });
  }
}

// A target's trend and last verdict describe its own prompt: runs of another prompt (optimizer candidates,
// compared variants, marked by identity.promptVariant) stay in the run list but out of sparklines and health.
// The identity is JSON.stringify's text (no escaped letters), so one without the key's name cannot hold the key: a
// text search answers for most runs before the JSON is parsed (PostgreSQL parses it again for every path it reads).
export const ownPrompt = (d: SqlDialect, identityJson: Expression<unknown> = sql.ref('identity_json')) =>
  sql<boolean>`(${identityJson} NOT LIKE '%"promptVariant"%' OR ${d.jsonText(identityJson, ['promptVariant'])} IS NULL)`;

export type LatestRun = Readonly<{
  targetId: string;
  runId: string;
  finishedAt: number;
  passed: boolean;
  avgScore: number | null;
  passRate: number | null;
  errors: number;
}>;

// The run list has four shapes (a target or all, experiments or not), each a statement compiled once, so a server keeps
// it planned: planning the summary columns' subquery takes longer than reading the page.
function listStatements(q: Queries, ofTarget: boolean, ownOnly: boolean) {
  const filtered = (a: { targetId: string }) =>
    q.db
      .selectFrom('runs')
      .$if(ofTarget, (qb) => qb.where('runs.target_id', '=', a.targetId))
      .$if(ownOnly, (qb) => qb.where(ownPrompt(q.dialect, sql.ref('runs.identity_json'))));
  return {
    count: q.prepare((a: { targetId: string }) => filtered(a).select((eb) => eb.fn.countAll<number>().as('n'))),
    // The page is chosen first (through runs_created), so the JSON of only its runs is read for their summaries.
    page: q.prepare((a: { targetId: string; limit: number; offset: number }) =>
      q.db
        .selectFrom(
          filtered(a)
            .selectAll('runs')
            .orderBy('runs.created_at', 'desc')
            .orderBy('runs.id', 'desc')
            .limit(a.limit)
            .offset(a.offset)
            .as('runs'),
        )
        .select(summaryColumns(q.dialect))
        .orderBy('runs.created_at', 'desc')
        .orderBy('runs.id', 'desc'),
    ),
  };
}

type RunArgs = Omit<NewRun, 'identity'> & { identityJson: string };

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  const verdict = sql.ref('verdict_json');
  const trend = [
    'id',
    'finished_at',
    d.jsonNumber(verdict, ['avg_score']).as('avg_score'),
    d.jsonNumber(verdict, ['pass_rate']).as('pass_rate'),
    d.jsonFlag(verdict, ['passed']).as('passed'),
    d.jsonNumber(verdict, ['counts', 'degraded']).as('errors'),
  ] as const;
  const passed = d.jsonFlag(verdict, ['passed']);
  return {
    weekStats: (from: number, to: number, targetId: string | undefined) =>
      q.first(
        db
          .selectFrom('runs')
          .select((eb) => [
            eb.fn.countAll<number>().as('runs'),
            eb.fn.sum<number | null>(passed).as('passed'),
            eb.fn.sum<number | null>(sql`1 - ${passed}`).as('failed'),
            eb.fn.avg<number | null>(d.jsonNumber(verdict, ['avg_score'])).as('avg_score'),
            eb.fn.sum<number | null>(d.jsonNumber(verdict, ['counts', 'degraded'])).as('errors'),
          ])
          .where('status', '=', 'complete')
          .where('finished_at', '>=', from)
          .where('finished_at', '<', to)
          .where(ownPrompt(d))
          .$if(targetId !== undefined, (qb) => qb.where('target_id', '=', targetId!)),
      ),
    insertRun: q.prepare((a: RunArgs) =>
      db.insertInto('runs').values({
        id: a.id,
        target_id: a.targetId,
        status: 'pending',
        source: a.source,
        dataset_id: a.datasetId,
        dataset_version: a.datasetVersion,
        dataset_sha256: a.datasetSha256,
        repeat_count: a.repeat,
        shard: a.shard,
        total: a.total,
        identity_json: a.identityJson,
        created_at: a.createdAt,
      }),
    ),
    selectRun: q.prepare((a: { id: string }) =>
      db
        .selectFrom('runs')
        .select(summaryColumns(d))
        .select(['runs.identity_json', 'runs.verdict_json'])
        .where('runs.id', '=', a.id),
    ),
    setRunning: q.prepare((a: { id: string; now: number; identityJson: string }) =>
      db
        .updateTable('runs')
        .set((eb) => ({
          status: 'running',
          started_at: eb.fn.coalesce('started_at', eb.val(a.now)),
          finished_at: null,
          error: null,
          identity_json: a.identityJson,
        }))
        .where('id', '=', a.id),
    ),
    setFinished: q.prepare(
      (a: {
        id: string;
        status: RunStatus;
        verdictJson: string | null;
        error: string | null;
        now: number;
        identityJson: string;
      }) =>
        db
          .updateTable('runs')
          .set({
            status: a.status,
            verdict_json: a.verdictJson,
            error: a.error,
            finished_at: a.now,
            identity_json: a.identityJson,
          })
          .where('id', '=', a.id),
    ),
    setIdentity: q.prepare((a: { id: string; identityJson: string }) =>
      db.updateTable('runs').set({ identity_json: a.identityJson }).where('id', '=', a.id),
    ),
    selectHistory: q.prepare((a: { targetId: string; limit: number }) =>
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('runs')
            .select(trend)
            .where('target_id', '=', a.targetId)
            .where('status', '=', 'complete')
            .where(ownPrompt(d))
            .orderBy('finished_at', 'desc')
            .limit(a.limit)
            .as('latest'),
        )
        .selectAll()
        .orderBy('finished_at', 'asc'),
    ),
    selectLatest: q.prepare(() =>
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('runs')
            .select(['target_id', ...trend])
            .select(sql<number>`row_number() OVER (PARTITION BY target_id ORDER BY finished_at DESC)`.as('n'))
            .where('status', '=', 'complete')
            .where(ownPrompt(d))
            .as('ranked'),
        )
        .selectAll()
        .where('n', '=', 1),
    ),
    list: {
      all: { any: listStatements(q, false, false), own: listStatements(q, false, true) },
      target: { any: listStatements(q, true, false), own: listStatements(q, true, true) },
    },
  };
}

export class RunsRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  *insert(run: NewRun): Q<void> {
    const { identity, ...rest } = run;
    yield* this.statements.insertRun.run({ ...rest, identityJson: JSON.stringify(identity) });
  }

  *get(id: string): Q<RunRecord | undefined> {
    const row = yield* this.statements.selectRun.first({ id });
    if (!row) return undefined;
    return {
      ...toSummary(row),
      identity: parseStored(runIdentity, row.identity_json, `the identity snapshot of run ${id}`),
      verdict:
        row.verdict_json === null ? null : parseStored(verdictSchema, row.verdict_json, `the verdict of run ${id}`),
    };
  }

  /** pending (or an interrupted run being resumed) → running. */
  *markRunning(id: string, identity: RunIdentity, now: number): Q<void> {
    yield* this.statements.setRunning.run({ id, now, identityJson: JSON.stringify(identity) });
  }

  /** running → complete (with its verdict) | cancelled | error. */
  *finish(
    id: string,
    end: Readonly<{
      status: 'complete' | 'cancelled' | 'error';
      verdict: Verdict | null;
      error: string | null;
      identity: RunIdentity;
      now: number;
    }>,
  ): Q<void> {
    yield* this.statements.setFinished.run({
      id,
      status: end.status,
      verdictJson: end.verdict === null ? null : JSON.stringify(end.verdict),
      error: end.error,
      now: end.now,
      identityJson: JSON.stringify(end.identity),
    });
  }

  *updateIdentity(id: string, identity: RunIdentity): Q<void> {
    yield* this.statements.setIdentity.run({ id, identityJson: JSON.stringify(identity) });
  }

  /** Runs newest first; experiments (runs of another prompt) only when `experiments` is not false. */
  *list(query: Readonly<{ targetId?: string; experiments?: boolean; limit: number; offset: number }>): Q<{
    total: number;
    runs: RunSummary[];
  }> {
    const { count, page } =
      this.statements.list[query.targetId === undefined ? 'all' : 'target'][
        query.experiments === false ? 'own' : 'any'
      ];
    const args = { targetId: query.targetId ?? '', limit: query.limit, offset: query.offset };
    const [counted] = yield* count.column<number>(args);
    return { total: counted ?? 0, runs: (yield* page.all(args)).map(toSummary) };
  }

  /** The last `limit` complete runs of a target, oldest first (a sparkline's points). */
  *history(targetId: string, limit: number): Q<HistoryPoint[]> {
    return (yield* this.statements.selectHistory.all({ targetId, limit })).map((row) => ({
      runId: row.id,
      finishedAt: row.finished_at!,
      avgScore: row.avg_score,
      passRate: row.pass_rate,
      errors: row.errors ?? 0,
      passed: row.passed === 1,
    }));
  }

  /** Complete runs of the targets' own prompts (of one target, if given) finished in [from, to): counts, pass/fail, mean avg_score and degraded questions. */
  *weekStats(from: number, to: number, targetId?: string): Q<WeekStats> {
    const row = yield* this.statements.weekStats(from, to, targetId);
    return {
      runs: row?.runs ?? 0,
      passed: row?.passed ?? 0,
      failed: row?.failed ?? 0,
      avgScore: row?.avg_score ?? null,
      errors: row?.errors ?? 0,
    };
  }

  /** The latest complete run of every target that has one. */
  *latestComplete(): Q<LatestRun[]> {
    return (yield* this.statements.selectLatest.all({})).map((row) => ({
      targetId: row.target_id,
      runId: row.id,
      finishedAt: row.finished_at!,
      passed: row.passed === 1,
      avgScore: row.avg_score,
      passRate: row.pass_rate,
      errors: row.errors ?? 0,
    }));
  }
}
