// EEE envelopes in the store: which runs to export, and imported files as runs with their provenance and metrics.
import type { ImportedFile, ImportedMetric, RunIdentity, Verdict } from '../../../src-shared/model';
import { transaction, type Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import { fromColumns, toColumns, type FieldColumns } from '../sql/field-columns';
import type { Row } from '../sql/schema';
import type { StoreContext } from '../store-context';
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

type FileRow = Row<'envelope_imports'>;
type MetricRow = Row<'envelope_metrics'>;

/** An imported file is its envelope_imports row, field for column. */
const FILE_COLUMNS = {
  evaluationId: 'evaluation_id',
  runId: 'run_id',
  fileName: 'file_name',
  aggregateSha256: 'aggregate_sha256',
  samplesSha256: 'samples_sha256',
  samplesRows: 'samples_rows',
  schemaVersion: 'schema_version',
  evalLibrary: 'eval_library',
  sourceType: 'source_type',
  sourceName: 'source_name',
  sourceOrganization: 'source_organization',
  modelId: 'model_id',
  shard: 'shard',
  shardGroup: 'shard_group',
  importedAt: 'imported_at',
} as const satisfies FieldColumns<ImportedFile, 'envelope_imports'>;

const toFile = (row: FileRow): ImportedFile => fromColumns(FILE_COLUMNS, row);

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

type MetricArgs = Omit<ImportedMetric, 'details' | 'lowerIsBetter'> & {
  runId: string;
  seq: number;
  lowerIsBetter: number;
  detailsJson: string;
};

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    selectFile: q.prepare((a: { evaluationId: string }) =>
      db.selectFrom('envelope_imports').selectAll().where('evaluation_id', '=', a.evaluationId),
    ),
    selectFilesOfRun: q.prepare((a: { runId: string }) =>
      db
        .selectFrom('envelope_imports')
        .selectAll()
        .where('run_id', '=', a.runId)
        .orderBy('shard', (ob) => ob.asc().nullsFirst())
        .orderBy('evaluation_id'),
    ),
    selectGroup: q.prepare((a: { group: string }) =>
      db
        .selectFrom('envelope_imports')
        .selectAll()
        .where('shard_group', '=', a.group)
        .orderBy('imported_at', 'desc')
        .orderBy('run_id')
        .orderBy('shard', (ob) => ob.asc().nullsFirst()),
    ),
    selectMetrics: q.prepare((a: { runId: string }) =>
      db
        .selectFrom('envelope_metrics')
        .selectAll()
        .where('run_id', '=', a.runId)
        .orderBy('evaluation_id')
        .orderBy('seq'),
    ),
    // The run engine's writes, then what only imports have: origin, the original start, the slices' total and shards.
    markImported: q.prepare(
      (a: { runId: string; startedAt: number; finishedAt: number; total: number; shard: string | null }) =>
        db
          .updateTable('runs')
          .set({ origin: 'import', started_at: a.startedAt, finished_at: a.finishedAt, total: a.total, shard: a.shard })
          .where('id', '=', a.runId),
    ),
    insertFile: q.prepare((a: ImportedFile) => db.insertInto('envelope_imports').values(toColumns(FILE_COLUMNS, a))),
    insertMetric: q.prepare((a: MetricArgs) =>
      db.insertInto('envelope_metrics').values({
        evaluation_id: a.evaluationId,
        result_id: a.resultId,
        run_id: a.runId,
        seq: a.seq,
        name: a.name,
        metric_id: a.metricId,
        metric_kind: a.metricKind,
        metric_unit: a.metricUnit,
        score_type: a.scoreType,
        lower_is_better: a.lowerIsBetter,
        score: a.score,
        min_score: a.minScore,
        max_score: a.maxScore,
        details_json: a.detailsJson,
      }),
    ),
  };
}

export class EnvelopesRepo {
  private readonly runs: RunsRepo;
  private readonly results: ResultsRepo;
  private readonly q: Queries;
  private readonly statements;

  constructor(context: StoreContext) {
    const { q } = context;
    this.q = q;
    this.runs = new RunsRepo(context);
    this.results = new ResultsRepo(context);
    this.statements = prepareStatements(q);
  }

  /** Complete runs this workspace ran (imports excluded), oldest first, optionally of one target and since a time. */
  exportableRuns(query: Readonly<{ targetId: string | null; since: number | null }>): Q<string[]> {
    return this.q.column<string>(
      this.q.db
        .selectFrom('runs')
        .select('id')
        .where('status', '=', 'complete')
        .where('origin', '<>', 'import')
        .$if(query.targetId !== null, (qb) => qb.where('target_id', '=', query.targetId!))
        .$if(query.since !== null, (qb) => qb.where('finished_at', '>=', query.since!))
        .orderBy('finished_at')
        .orderBy('id'),
    );
  }

  /** The import of the file with this evaluation_id, if it was imported. */
  *importedFile(evaluationId: string): Q<ImportedFile | undefined> {
    const row = yield* this.statements.selectFile.first({ evaluationId });
    return row ? toFile(row) : undefined;
  }

  /** Every file merged into one run (one, or the slices of a sharded run). */
  *filesOfRun(runId: string): Q<ImportedFile[]> {
    return (yield* this.statements.selectFilesOfRun.all({ runId })).map(toFile);
  }

  /** The imported slices of one shard group, newest import first. */
  *shardGroup(group: string): Q<ImportedFile[]> {
    return (yield* this.statements.selectGroup.all({ group })).map(toFile);
  }

  /** The aggregate results of the files of one run, in file order. */
  *metricsOfRun(runId: string): Q<ImportedMetric[]> {
    return (yield* this.statements.selectMetrics.all({ runId })).map(toMetric);
  }

  /** Writes one imported file: its run (new, or the shard run it joins), results, provenance and metrics. */
  importFile(write: ImportWrite): Q<void> {
    // One transaction per file: a refused or crashed import leaves no half run, and re-running the import retries it.
    return transaction(() => this.writeImport(write));
  }

  /** Writes the slices of a sharded run as one new run, left running until finishMerged (see ai-eval merge). */
  importSlices(run: NewRun, slices: readonly SliceWrite[]): Q<void> {
    // Every slice in one transaction, the run left running: its verdict is read back from the stored results.
    return transaction(() => this.writeSlices(run, slices));
  }

  /** Completes a merged run with the verdict computed over all its slices. */
  finishMerged(end: MergedEnd): Q<void> {
    return transaction(() => this.complete(end));
  }

  private *writeImport(write: ImportWrite): Q<void> {
    if (write.newRun) {
      yield* this.runs.insert(write.newRun);
      yield* this.runs.markRunning(write.runId, write.identity, write.startedAt);
    }
    for (const result of write.results) yield* this.results.insert(result);
    yield* this.complete(write);
    yield* this.writeFile(write.runId, write.file, write.metrics);
  }

  private *writeSlices(run: NewRun, slices: readonly SliceWrite[]): Q<void> {
    yield* this.runs.insert(run);
    yield* this.runs.markRunning(run.id, run.identity, run.createdAt);
    for (const slice of slices) {
      for (const result of slice.results) yield* this.results.insert(result);
      yield* this.writeFile(run.id, slice.file, slice.metrics);
    }
  }

  private *writeFile(runId: string, file: ImportedFile, metrics: SliceWrite['metrics']): Q<void> {
    yield* this.statements.insertFile.run(file);
    let seq = 0;
    for (const { details, lowerIsBetter, ...metric } of metrics)
      yield* this.statements.insertMetric.run({
        ...metric,
        evaluationId: file.evaluationId,
        runId,
        seq: seq++,
        lowerIsBetter: lowerIsBetter ? 1 : 0,
        detailsJson: JSON.stringify(details),
      });
  }

  private *complete(end: Omit<MergedEnd, 'verdict' | 'shard'> & Pick<ImportWrite, 'verdict' | 'shard'>): Q<void> {
    yield* this.runs.finish(end.runId, {
      status: 'complete',
      verdict: end.verdict,
      error: null,
      identity: end.identity,
      now: end.finishedAt,
    });
    yield* this.statements.markImported.run({
      runId: end.runId,
      startedAt: end.startedAt,
      finishedAt: end.finishedAt,
      total: end.total,
      shard: end.shard,
    });
  }
}
