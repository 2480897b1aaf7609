// EEE envelopes in the store: which runs to export, and imported files as runs with their provenance and metrics.
import type { ImportedFile, ImportedMetric, RunIdentity, Verdict } from '../../../src-shared/model';
import type { Db } from '../db';
import { ResultsRepo, type NewQuestionResult } from './results.repo';
import { RunsRepo, type NewRun } from './runs.repo';

/** Everything one imported file adds, written in one transaction. */
export type ImportWrite = Readonly<{
  /** The run row to create; absent when the file's rows join a run imported before (a shard of it). */
  newRun: NewRun | undefined;
  runId: string;
  identity: RunIdentity;
  verdict: Verdict | null;
  total: number;
  shard: string | null;
  startedAt: number;
  finishedAt: number;
  results: readonly NewQuestionResult[];
  file: ImportedFile;
  metrics: readonly Omit<ImportedMetric, 'evaluationId'>[];
}>;

/** One slice of a sharded run merged by `ai-eval merge`: its results, provenance and metrics. */
export type SliceWrite = Readonly<{
  results: readonly NewQuestionResult[];
  file: ImportedFile;
  metrics: readonly Omit<ImportedMetric, 'evaluationId'>[];
}>;

/** The end of a merge: the run's verdict over every slice, and its whole total, shards and times. */
export type MergedEnd = Readonly<{
  runId: string;
  identity: RunIdentity;
  verdict: Verdict;
  total: number;
  shard: string;
  startedAt: number;
  finishedAt: number;
}>;

type FileRow = {
  evaluation_id: string;
  run_id: string;
  file_name: string;
  aggregate_sha256: string;
  samples_sha256: string | null;
  samples_rows: number | null;
  schema_version: string;
  eval_library: string;
  source_type: string;
  source_name: string | null;
  source_organization: string;
  model_id: string;
  shard: string | null;
  shard_group: string | null;
  imported_at: number;
};
type MetricRow = {
  evaluation_id: string;
  result_id: string;
  name: string;
  metric_id: string | null;
  metric_kind: string | null;
  metric_unit: string | null;
  score_type: string | null;
  lower_is_better: number;
  score: number;
  min_score: number | null;
  max_score: number | null;
  details_json: string;
};

const toFile = (row: FileRow): ImportedFile => ({
  evaluationId: row.evaluation_id,
  runId: row.run_id,
  fileName: row.file_name,
  aggregateSha256: row.aggregate_sha256,
  samplesSha256: row.samples_sha256,
  samplesRows: row.samples_rows,
  schemaVersion: row.schema_version,
  evalLibrary: row.eval_library,
  sourceType: row.source_type,
  sourceName: row.source_name,
  sourceOrganization: row.source_organization,
  modelId: row.model_id,
  shard: row.shard,
  shardGroup: row.shard_group,
  importedAt: row.imported_at,
});

const toMetric = (row: MetricRow): ImportedMetric => ({
  evaluationId: row.evaluation_id,
  resultId: row.result_id,
  name: row.name,
  metricId: row.metric_id,
  metricKind: row.metric_kind,
  metricUnit: row.metric_unit,
  scoreType: row.score_type,
  lowerIsBetter: row.lower_is_better === 1,
  score: row.score,
  minScore: row.min_score,
  maxScore: row.max_score,
  details: JSON.parse(row.details_json) as Record<string, string>,
});

export class EnvelopesRepo {
  private readonly selectExportable;
  private readonly selectFile;
  private readonly selectFilesOfRun;
  private readonly selectGroup;
  private readonly selectMetrics;
  private readonly write: (write: ImportWrite) => void;
  private readonly writeSlices: (run: NewRun, slices: readonly SliceWrite[]) => void;
  private readonly writeMergedEnd: (end: MergedEnd) => void;

  constructor(db: Db) {
    this.selectExportable = db
      .prepare<{ targetId: string | null; since: number | null }, string>(
        `SELECT id FROM runs WHERE status = 'complete' AND origin <> 'import' AND (@targetId IS NULL OR target_id = @targetId)
           AND (@since IS NULL OR finished_at >= @since) ORDER BY finished_at, id`,
      )
      .pluck();
    this.selectFile = db.prepare<{ evaluationId: string }, FileRow>(
      'SELECT * FROM envelope_imports WHERE evaluation_id = @evaluationId',
    );
    this.selectFilesOfRun = db.prepare<{ runId: string }, FileRow>(
      'SELECT * FROM envelope_imports WHERE run_id = @runId ORDER BY shard, evaluation_id',
    );
    this.selectGroup = db.prepare<{ group: string }, FileRow>(
      'SELECT * FROM envelope_imports WHERE shard_group = @group ORDER BY imported_at DESC, run_id, shard',
    );
    this.selectMetrics = db.prepare<{ runId: string }, MetricRow>(
      'SELECT * FROM envelope_metrics WHERE run_id = @runId ORDER BY evaluation_id, seq',
    );
    const runs = new RunsRepo(db);
    const results = new ResultsRepo(db);
    // The run engine's writes, then what only imports have: origin, the original start, the slices' total and shards.
    const markImported = db.prepare(
      `UPDATE runs SET origin = 'import', started_at = @startedAt, finished_at = @finishedAt, total = @total, shard = @shard WHERE id = @runId`,
    );
    const insertFile = db.prepare(
      `INSERT INTO envelope_imports (evaluation_id, run_id, file_name, aggregate_sha256, samples_sha256, samples_rows, schema_version, eval_library,
         source_type, source_name, source_organization, model_id, shard, shard_group, imported_at)
       VALUES (@evaluationId, @runId, @fileName, @aggregateSha256, @samplesSha256, @samplesRows, @schemaVersion, @evalLibrary,
         @sourceType, @sourceName, @sourceOrganization, @modelId, @shard, @shardGroup, @importedAt)`,
    );
    const insertMetric = db.prepare(
      `INSERT INTO envelope_metrics (evaluation_id, result_id, run_id, seq, name, metric_id, metric_kind, metric_unit, score_type, lower_is_better,
         score, min_score, max_score, details_json)
       VALUES (@evaluationId, @resultId, @runId, @seq, @name, @metricId, @metricKind, @metricUnit, @scoreType, @lowerIsBetter,
         @score, @minScore, @maxScore, @detailsJson)`,
    );
    const writeFile = (runId: string, file: ImportedFile, metrics: SliceWrite['metrics']) => {
      insertFile.run({ ...file });
      metrics.forEach(({ details, lowerIsBetter, ...metric }, seq) =>
        insertMetric.run({
          ...metric,
          evaluationId: file.evaluationId,
          runId,
          seq,
          lowerIsBetter: lowerIsBetter ? 1 : 0,
          detailsJson: JSON.stringify(details),
        }),
      );
    };
    const complete = (end: Omit<MergedEnd, 'verdict' | 'shard'> & Pick<ImportWrite, 'verdict' | 'shard'>) => {
      runs.finish(end.runId, {
        status: 'complete',
        verdict: end.verdict,
        error: null,
        identity: end.identity,
        now: end.finishedAt,
      });
      markImported.run({
        runId: end.runId,
        startedAt: end.startedAt,
        finishedAt: end.finishedAt,
        total: end.total,
        shard: end.shard,
      });
    };
    // One transaction per file: a refused or crashed import leaves no half run, and re-running the import retries it.
    this.write = db.transaction((write: ImportWrite) => {
      if (write.newRun) {
        runs.insert(write.newRun);
        runs.markRunning(write.runId, write.identity, write.startedAt);
      }
      for (const result of write.results) results.insert(result);
      complete(write);
      writeFile(write.runId, write.file, write.metrics);
    });
    // Every slice in one transaction, the run left running: its verdict is read back from the stored results.
    this.writeSlices = db.transaction((run: NewRun, slices: readonly SliceWrite[]) => {
      runs.insert(run);
      runs.markRunning(run.id, run.identity, run.createdAt);
      for (const slice of slices) {
        for (const result of slice.results) results.insert(result);
        writeFile(run.id, slice.file, slice.metrics);
      }
    });
    this.writeMergedEnd = db.transaction((end: MergedEnd) => complete(end));
  }

  /** Complete runs this workspace ran (imports excluded), oldest first, optionally of one target and since a time. */
  exportableRuns(query: Readonly<{ targetId: string | null; since: number | null }>): string[] {
    return this.selectExportable.all(query);
  }

  /** The import of the file with this evaluation_id, if it was imported. */
  importedFile(evaluationId: string): ImportedFile | undefined {
    const row = this.selectFile.get({ evaluationId });
    return row ? toFile(row) : undefined;
  }

  /** Every file merged into one run (one, or the slices of a sharded run). */
  filesOfRun(runId: string): ImportedFile[] {
    return this.selectFilesOfRun.all({ runId }).map(toFile);
  }

  /** The imported slices of one shard group, newest import first. */
  shardGroup(group: string): ImportedFile[] {
    return this.selectGroup.all({ group }).map(toFile);
  }

  /** The aggregate results of the files of one run, in file order. */
  metricsOfRun(runId: string): ImportedMetric[] {
    return this.selectMetrics.all({ runId }).map(toMetric);
  }

  /** Writes one imported file: its run (new, or the shard run it joins), results, provenance and metrics. */
  importFile(write: ImportWrite): void {
    this.write(write);
  }

  /** Writes the slices of a sharded run as one new run, left running until finishMerged (see ai-eval merge). */
  importSlices(run: NewRun, slices: readonly SliceWrite[]): void {
    this.writeSlices(run, slices);
  }

  /** Completes a merged run with the verdict computed over all its slices. */
  finishMerged(end: MergedEnd): void {
    this.writeMergedEnd(end);
  }
}
