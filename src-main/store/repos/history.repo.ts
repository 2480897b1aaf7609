// A target's question history in SQL: its complete runs in order, every question's per-run verdict counts (folded once
// per run into run_history_cells), the versions (text hash, tags) those results answered, and one question's timeline.
import type { Db } from '../db';
import { OWN_PROMPT } from './runs.repo';

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

type CellsRow = { run_id: string; question_ids: string; counts: string; version_ids: string };

// Only the target's own complete runs make its history: no experiments (another prompt), no shards (a slice).
const HISTORY_RUNS = `runs.target_id = @targetId AND runs.status = 'complete' AND runs.shard IS NULL AND ${OWN_PROMPT}`;
/** Counts are stored as one character each, 48 + n (a repeat count is at most 100). */
const COUNT_BASE = 48;

export class HistoryRepo {
  private readonly selectRuns;
  private readonly selectCells;
  private readonly foldRun;
  private readonly foldMissing;
  private readonly selectVersions;
  private readonly selectTimeline;

  constructor(db: Db) {
    this.selectRuns = db.prepare<{ targetId: string; limit: number }, HistoryRunRow>(
      `SELECT id, createdAt, provider, model, systemPromptSha256, datasetVersion, repeat FROM (
         SELECT runs.id, runs.created_at AS createdAt, json_extract(runs.identity_json, '$.provider.name') AS provider,
                json_extract(runs.identity_json, '$.model') AS model,
                json_extract(runs.identity_json, '$.systemPromptSha256') AS systemPromptSha256,
                runs.dataset_version AS datasetVersion, runs.repeat_count AS repeat
         FROM runs WHERE ${HISTORY_RUNS} ORDER BY runs.created_at DESC, runs.id DESC LIMIT @limit)
       ORDER BY createdAt, id`,
    );
    this.selectCells = db.prepare<{ runIds: string }, CellsRow>(
      `SELECT run_id, question_ids, counts, version_ids FROM run_history_cells
       WHERE run_id IN (SELECT value FROM json_each(@runIds))`,
    );
    // A run's results counted per question through the covering question_results_history. The three texts are
    // built in one pass over the same rows, so their i-th entries belong to the same question whatever the order.
    this.foldRun = db.prepare<{ runId: string }>(
      `INSERT INTO run_history_cells (run_id, question_ids, counts, version_ids)
       SELECT @runId, ifnull(group_concat(question_id, ' '), ''),
              ifnull(group_concat(char(${COUNT_BASE} + p, ${COUNT_BASE} + n, ${COUNT_BASE} + d), ''), ''),
              ifnull(group_concat(ifnull(v, 0), ' '), '')
       FROM (SELECT question_id, sum(passed = 1) AS p, sum(status = 'scored') AS n, sum(status = 'degraded') AS d,
                    max(question_version_id) AS v
             FROM question_results WHERE run_id = @runId GROUP BY question_id)`,
    );
    const missing = db
      .prepare<{ runIds: string }, string>(
        `SELECT value FROM json_each(@runIds) WHERE value NOT IN (SELECT run_id FROM run_history_cells)
           AND value IN (SELECT id FROM runs WHERE status = 'complete')`,
      )
      .pluck();
    this.foldMissing = db.transaction((runIds: string) => {
      for (const runId of missing.all({ runIds })) this.foldRun.run({ runId });
    });
    this.selectVersions = db.prepare<
      { ids: string },
      { id: number; question_id: string; text_sha256: string; tags_json: string }
    >(
      'SELECT id, question_id, text_sha256, tags_json FROM question_versions WHERE id IN (SELECT value FROM json_each(@ids))',
    );
    this.selectTimeline = db.prepare<
      { runIds: string; questionId: string },
      {
        run_id: string;
        id: number;
        repeat_index: number;
        status: string;
        score: number | null;
        passed: number | null;
        question_version_id: number | null;
      }
    >(
      `SELECT q.run_id, q.id, q.repeat_index, q.status, q.score, q.passed, q.question_version_id
       FROM question_results q WHERE q.question_id = @questionId AND q.run_id IN (SELECT value FROM json_each(@runIds))
       ORDER BY q.run_id, q.repeat_index`,
    );
  }

  /** The newest `limit` complete runs of a target (no experiments, no shards), oldest first. */
  runs(targetId: string, limit: number): HistoryRunRow[] {
    return this.selectRuns.all({ targetId, limit });
  }

  /** Every question's counts over the given complete runs (folding a run the first time a history reads it). */
  matrix(runIds: readonly string[]): HistoryMatrix {
    const runIdsJson = JSON.stringify(runIds);
    this.foldMissing(runIdsJson);
    const rows = new Map(this.selectCells.all({ runIds: runIdsJson }).map((row) => [row.run_id, row]));
    // Runs of one dataset usually ask the same questions in the same versions: split each distinct text once.
    const splitOnce = <T>(cache: Map<string, T[]>, text: string, map: (part: string) => T): T[] => {
      let list = cache.get(text);
      if (!list) cache.set(text, (list = text === '' ? [] : text.split(' ').map(map)));
      return list;
    };
    const idLists = new Map<string, string[]>();
    const versionLists = new Map<string, number[]>();
    const index = new Map<string, number>();
    for (const row of rows.values())
      for (const id of splitOnce(idLists, row.question_ids, String)) if (!index.has(id)) index.set(id, 0);
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
  versions(ids: readonly number[]): QuestionVersionRow[] {
    return this.selectVersions.all({ ids: JSON.stringify(ids) }).map((row) => ({
      id: row.id,
      questionId: row.question_id,
      textSha256: row.text_sha256,
      tags: JSON.parse(row.tags_json) as string[],
    }));
  }

  /** Every result (repeat) of one question in the given runs. */
  timeline(runIds: readonly string[], questionId: string): TimelineRow[] {
    return this.selectTimeline.all({ runIds: JSON.stringify(runIds), questionId }).map((row) => ({
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
