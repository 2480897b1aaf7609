// Exports one complete run as an EEE aggregate and its samples file; both are validated before either is written.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ExportedFile,
  ExportOutcome,
  ProviderConfig,
  Question,
  RunIdentity,
  Verdict,
} from '../../../../src-shared/model';
import type { RunRecord } from '../../../store/repos/runs.repo';
import type { StoreApi } from '../../../store/store';
import type { LoadedDataset } from '../../../workspace/loaded-dataset';
import { buildAggregate, evaluationTimestampOf } from './build-aggregate';
import { buildResults } from './build-results';
import { buildSamples, type SampleContext } from './build-samples';
import { baselineComparison } from './comparison-results';
import { collectionOf, evaluationIdOf, modelInfoOf, uuidFor } from './eee-names';
import { judgeExports, type JudgeFacts } from './judge-export';
import { RunStats } from '../../scoring/run-stats';
import { ensureFolderInside, fileInside, portableComponent } from '../safe-path';
import { validateEnvelope } from './validate-envelope';
import { refusal, RpcError } from '../../../../src-shared/rpc/wire';
import { makeFolders } from '../../../workspace/make-folders';

export type ExportDeps = Readonly<{
  db: StoreApi;
  resourcesDir: string;
  /** From the workspace, when it loads: its judges' standings and templates, judge providers, the organisation name. */
  judges: JudgeFacts;
  providers: Readonly<Record<string, ProviderConfig>>;
  organization: string;
  /** The workspace's datasets: reference answers and tags of the questions. */
  datasets: ReadonlyMap<string, LoadedDataset>;
  clock: () => number;
}>;

/** A run that cannot be exported at all (unknown, not complete). */
export class ExportError extends refusal('not_found', 'ExportError') {}

const BATCH = 500;

/** The run, when it exists and is complete; otherwise refused with the reason. */
export async function exportableRun(db: StoreApi, runId: string): Promise<RunRecord & Readonly<{ verdict: Verdict }>> {
  const run = await db.runs.get(runId);
  if (!run) throw new ExportError(`no run "${runId}" in this workspace's store`);
  if (run.status !== 'complete' || !run.verdict)
    throw new ExportError(`run ${runId} is ${run.status}; only complete runs are exported`);
  return { ...run, verdict: run.verdict };
}

function questionsOf(
  datasets: ReadonlyMap<string, LoadedDataset>,
  identity: RunIdentity,
): ReadonlyMap<string, Question> {
  const loaded = datasets.get(identity.dataset.id);
  // Another version of the dataset may say something else about a question: better no reference than a wrong one.
  if (!loaded || loaded.dataset.version !== identity.dataset.version) return new Map();
  return new Map(loaded.dataset.questions.map((question) => [question.id, question]));
}

type WrittenSamples = Readonly<{ stats: RunStats; rows: number; bytes: number; checksum: string }>;

/** Streams the run's instance rows into `path` batch by batch (a big run never sits in memory), gathering the stats. */
async function writeSamples(
  deps: ExportDeps,
  run: RunRecord,
  context: Omit<SampleContext, 'question'>,
  path: string,
): Promise<WrittenSamples> {
  const questions = questionsOf(deps.datasets, run.identity);
  const stats = new RunStats();
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const fd = openSync(path, 'w');
  try {
    for (let afterId = 0; ;) {
      const batch = await deps.db.results.batch(run.id, afterId, BATCH, true);
      const last = batch[batch.length - 1];
      if (!last) break;
      const lines: string[] = [];
      for (const result of batch) {
        stats.add(result);
        for (const row of buildSamples(result, { ...context, question: questions.get(result.questionId) }))
          lines.push(`${JSON.stringify(row)}\n`);
      }
      const text = lines.join('');
      rows += lines.length;
      bytes += Buffer.byteLength(text);
      hash.update(text);
      writeSync(fd, text);
      afterId = last.id;
    }
  } finally {
    closeSync(fd);
  }
  return { stats, rows, bytes, checksum: hash.digest('hex') };
}

/**
 * Exports a complete run; with `baselineRunId` its aggregate also carries the paired comparison with that run (the
 * matrix's statistics), as two more results.
 */
export async function exportRun(
  deps: ExportDeps,
  runId: string,
  outputDir: string,
  baselineRunId?: string,
): Promise<ExportOutcome> {
  const run = await exportableRun(deps.db, runId);
  if (baselineRunId === runId) throw new RpcError('bad_input', `run ${runId} cannot be its own baseline`);
  const comparison = baselineRunId === undefined ? undefined : await baselineComparison(deps.db, baselineRunId, runId);
  const { identity, verdict } = run;
  const evaluationId = evaluationIdOf(identity, runId);
  const uuid = uuidFor(evaluationId);
  const folderParts = [collectionOf(identity.dataset.id), identity.provider.kind, identity.model].map(
    portableComponent,
  );
  const relativeDir = ['data', ...folderParts].join('/');
  const folder = join(outputDir, relativeDir);
  const samplesName = `${uuid}_samples.jsonl`;
  const fileName = `${uuid}.json`;

  // Both files are written hidden beside the output and renamed into place only once valid: a refused export, a
  // crash or a concurrent export of the same run never leaves a half-written file under data/.
  makeFolders(outputDir);
  const partial = `.${uuid}.${randomBytes(4).toString('hex')}`;
  const partialSamples = join(outputDir, `${partial}_samples.jsonl.partial`);
  const partialAggregate = join(outputDir, `${partial}.json.partial`);
  try {
    const context = {
      evaluationId,
      modelId: modelInfoOf(identity.provider, identity.model).id,
      datasetId: identity.dataset.id,
      passThreshold: verdict.question_pass_threshold,
      quarantined: new Set(verdict.quarantined),
    };
    const { stats, rows, bytes, checksum } = await writeSamples(deps, run, context, partialSamples);
    const judges = await judgeExports({ ...deps, now: deps.clock() }, identity, stats, verdict.judges);
    const aggregate = buildAggregate({
      run,
      identity,
      evaluationId,
      exportedAt: deps.clock(),
      organization: deps.organization,
      results: buildResults({
        identity,
        verdict,
        stats,
        evaluationTimestamp: evaluationTimestampOf(run),
        judges,
        comparison,
      }),
      samples:
        rows > 0
          ? {
              format: 'jsonl',
              file_path: `${relativeDir}/${samplesName}`,
              hash_algorithm: 'sha256',
              checksum,
              total_rows: rows,
            }
          : undefined,
    });
    const check = await validateEnvelope({
      aggregate,
      fileName,
      folder: folderParts,
      samplesPath: rows > 0 ? partialSamples : undefined,
      resourcesDir: deps.resourcesDir,
    });
    if (check.problems.length > 0) return { runId, evaluationId, folder, files: [], problems: check.problems };

    const aggregateText = `${JSON.stringify(aggregate, null, 2)}\n`;
    writeFileSync(partialAggregate, aggregateText);
    const target = ensureFolderInside(outputDir, relativeDir);
    const files: ExportedFile[] = [];
    // The samples file first: an aggregate is never in place without the file it links to.
    if (rows > 0) {
      renameSync(partialSamples, fileInside(target, samplesName));
      files.push({ kind: 'samples', path: join(target, samplesName), bytes, rows });
    }
    renameSync(partialAggregate, fileInside(target, fileName));
    files.unshift({
      kind: 'aggregate',
      path: join(target, fileName),
      bytes: Buffer.byteLength(aggregateText),
      rows: null,
    });
    return { runId, evaluationId, folder: target, files, problems: [] };
  } finally {
    rmSync(partialSamples, { force: true });
    rmSync(partialAggregate, { force: true });
  }
}
