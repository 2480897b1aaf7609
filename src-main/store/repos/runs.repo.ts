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
import type { Db } from '../db';
import { messageOf } from '../../../src-shared/text/message-of';

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
};

// The summary columns come straight from SQL (json_extract), so listing runs never parses whole snapshots;
// `done` comes from a complete run's verdict counts, and is counted through the (run_id, status) index otherwise.
const SUMMARY_COLUMNS = `runs.id, runs.target_id, runs.status, runs.source, runs.dataset_id, runs.dataset_version, runs.repeat_count,
  runs.shard, runs.total, runs.error, runs.created_at, runs.started_at, runs.finished_at,
  CASE WHEN runs.verdict_json IS NULL THEN (SELECT count(*) FROM question_results q WHERE q.run_id = runs.id)
       ELSE json_extract(runs.verdict_json, '$.counts.scored') + json_extract(runs.verdict_json, '$.counts.unscored')
            + json_extract(runs.verdict_json, '$.counts.degraded') END AS done,
  json_extract(runs.identity_json, '$.model') AS model, json_extract(runs.verdict_json, '$.avg_score') AS avg_score,
  json_extract(runs.verdict_json, '$.pass_rate') AS pass_rate, json_extract(runs.verdict_json, '$.passed') AS passed,
  json_extract(runs.identity_json, '$.promptVariant') IS NOT NULL AS experiment`;

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
export const OWN_PROMPT = "json_extract(identity_json, '$.promptVariant') IS NULL";

type HistoryRow = {
  id: string;
  finished_at: number;
  avg_score: number | null;
  pass_rate: number | null;
  passed: number;
  errors: number;
};
type WeekRow = {
  runs: number;
  passed: number | null;
  failed: number | null;
  avg_score: number | null;
  errors: number | null;
};
export type LatestRun = Readonly<{
  targetId: string;
  runId: string;
  finishedAt: number;
  passed: boolean;
  avgScore: number | null;
  passRate: number | null;
  errors: number;
}>;

export class RunsRepo {
  private readonly insertRun;
  private readonly selectRun;
  private readonly setRunning;
  private readonly setFinished;
  private readonly setIdentity;
  private readonly countRuns;
  private readonly pageRuns;
  private readonly selectHistory;
  private readonly selectWeek;
  private readonly selectLatest;

  constructor(db: Db) {
    this.insertRun = db.prepare(
      `INSERT INTO runs (id, target_id, status, source, dataset_id, dataset_version, dataset_sha256, repeat_count, shard, total, identity_json, created_at)
       VALUES (@id, @targetId, 'pending', @source, @datasetId, @datasetVersion, @datasetSha256, @repeat, @shard, @total, @identityJson, @createdAt)`,
    );
    this.selectRun = db.prepare<{ id: string }, RunRow & { identity_json: string; verdict_json: string | null }>(
      `SELECT ${SUMMARY_COLUMNS}, runs.identity_json, runs.verdict_json FROM runs WHERE runs.id = @id`,
    );
    this.setRunning = db.prepare(
      `UPDATE runs SET status = 'running', started_at = coalesce(started_at, @now), finished_at = NULL, error = NULL, identity_json = @identityJson WHERE id = @id`,
    );
    this.setFinished = db.prepare(
      'UPDATE runs SET status = @status, verdict_json = @verdictJson, error = @error, finished_at = @now, identity_json = @identityJson WHERE id = @id',
    );
    this.setIdentity = db.prepare('UPDATE runs SET identity_json = @identityJson WHERE id = @id');
    this.countRuns = db
      .prepare<{ targetId: string | null; experiments: number }, number>(
        `SELECT count(*) FROM runs WHERE (@targetId IS NULL OR target_id = @targetId) AND (@experiments = 1 OR ${OWN_PROMPT})`,
      )
      .pluck();
    this.pageRuns = db.prepare<{ targetId: string | null; experiments: number; limit: number; offset: number }, RunRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM runs WHERE (@targetId IS NULL OR runs.target_id = @targetId) AND (@experiments = 1 OR ${OWN_PROMPT}) ORDER BY runs.created_at DESC, runs.id DESC LIMIT @limit OFFSET @offset`,
    );
    this.selectHistory = db.prepare<{ targetId: string; limit: number }, HistoryRow>(
      `SELECT * FROM (
         SELECT id, finished_at, json_extract(verdict_json, '$.avg_score') AS avg_score, json_extract(verdict_json, '$.pass_rate') AS pass_rate,
                json_extract(verdict_json, '$.passed') AS passed, json_extract(verdict_json, '$.counts.degraded') AS errors
         FROM runs WHERE target_id = @targetId AND status = 'complete' AND ${OWN_PROMPT} ORDER BY finished_at DESC LIMIT @limit)
       ORDER BY finished_at ASC`,
    );
    this.selectWeek = db.prepare<{ from: number; to: number; targetId: string | null }, WeekRow>(
      `SELECT count(*) AS runs, sum(json_extract(verdict_json, '$.passed')) AS passed, sum(1 - json_extract(verdict_json, '$.passed')) AS failed,
              avg(json_extract(verdict_json, '$.avg_score')) AS avg_score, sum(json_extract(verdict_json, '$.counts.degraded')) AS errors
       FROM runs WHERE status = 'complete' AND finished_at >= @from AND finished_at < @to AND ${OWN_PROMPT}
         AND (@targetId IS NULL OR target_id = @targetId)`,
    );
    this.selectLatest = db.prepare<[], HistoryRow & { target_id: string }>(
      `SELECT target_id, id, finished_at, json_extract(verdict_json, '$.avg_score') AS avg_score, json_extract(verdict_json, '$.pass_rate') AS pass_rate,
              json_extract(verdict_json, '$.passed') AS passed, json_extract(verdict_json, '$.counts.degraded') AS errors
       FROM (SELECT *, row_number() OVER (PARTITION BY target_id ORDER BY finished_at DESC) AS n FROM runs WHERE status = 'complete' AND ${OWN_PROMPT}) WHERE n = 1`,
    );
  }

  insert(run: NewRun): void {
    const { identity, ...rest } = run;
    this.insertRun.run({ ...rest, identityJson: JSON.stringify(identity) });
  }

  get(id: string): RunRecord | undefined {
    const row = this.selectRun.get({ id });
    if (!row) return undefined;
    return {
      ...toSummary(row),
      identity: parseStored(runIdentity, row.identity_json, `the identity snapshot of run ${id}`),
      verdict:
        row.verdict_json === null ? null : parseStored(verdictSchema, row.verdict_json, `the verdict of run ${id}`),
    };
  }

  /** pending (or an interrupted run being resumed) → running. */
  markRunning(id: string, identity: RunIdentity, now: number): void {
    this.setRunning.run({ id, now, identityJson: JSON.stringify(identity) });
  }

  /** running → complete (with its verdict) | cancelled | error. */
  finish(
    id: string,
    end: Readonly<{
      status: 'complete' | 'cancelled' | 'error';
      verdict: Verdict | null;
      error: string | null;
      identity: RunIdentity;
      now: number;
    }>,
  ): void {
    this.setFinished.run({
      id,
      status: end.status,
      verdictJson: end.verdict === null ? null : JSON.stringify(end.verdict),
      error: end.error,
      now: end.now,
      identityJson: JSON.stringify(end.identity),
    });
  }

  updateIdentity(id: string, identity: RunIdentity): void {
    this.setIdentity.run({ id, identityJson: JSON.stringify(identity) });
  }

  /** Runs newest first; experiments (runs of another prompt) only when `experiments` is not false. */
  list(query: Readonly<{ targetId?: string; experiments?: boolean; limit: number; offset: number }>): {
    total: number;
    runs: RunSummary[];
  } {
    const filter = { targetId: query.targetId ?? null, experiments: query.experiments === false ? 0 : 1 };
    const total = this.countRuns.get(filter) ?? 0;
    const runs = this.pageRuns.all({ ...filter, limit: query.limit, offset: query.offset }).map(toSummary);
    return { total, runs };
  }

  /** The last `limit` complete runs of a target, oldest first (a sparkline's points). */
  history(targetId: string, limit: number): HistoryPoint[] {
    return this.selectHistory.all({ targetId, limit }).map((row) => ({
      runId: row.id,
      finishedAt: row.finished_at,
      avgScore: row.avg_score,
      passRate: row.pass_rate,
      errors: row.errors,
      passed: row.passed === 1,
    }));
  }

  /** Complete runs of the targets' own prompts (of one target, if given) finished in [from, to): counts, pass/fail, mean avg_score and degraded questions. */
  weekStats(from: number, to: number, targetId?: string): WeekStats {
    const row = this.selectWeek.get({ from, to, targetId: targetId ?? null });
    return {
      runs: row?.runs ?? 0,
      passed: row?.passed ?? 0,
      failed: row?.failed ?? 0,
      avgScore: row?.avg_score ?? null,
      errors: row?.errors ?? 0,
    };
  }

  /** The latest complete run of every target that has one. */
  latestComplete(): LatestRun[] {
    return this.selectLatest.all().map((row) => ({
      targetId: row.target_id,
      runId: row.id,
      finishedAt: row.finished_at,
      passed: row.passed === 1,
      avgScore: row.avg_score,
      passRate: row.pass_rate,
      errors: row.errors,
    }));
  }
}
