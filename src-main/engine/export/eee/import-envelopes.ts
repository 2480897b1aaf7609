// Imports EEE files into the store as runs (source "import"): idempotent per file, shard slices merged into one run.
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ImportedFile, ImportOutcome, Verdict } from '../../../../src-shared/model';
import type { StoreApi } from '../../../store/store';
import { envelopeQuestions } from './import-questions';
import { mapAggregate, type RunMapping } from './import-run';
import { defaultVerdict } from './import-verdict';
import { checkOwnEnvelope } from './own-envelope';
import { mergeSlice, mergeTarget, shardGroupOf } from '../shards/shard-merge';
import { readEnvelope, type ReadEnvelope } from './read-envelope';
import { messageOf } from '../../../../src-shared/text/message-of';

/** What reading EEE files into the store needs, for an import and a merge alike. */
export type EnvelopeDeps = Readonly<{ db: StoreApi; resourcesDir: string; clock: () => number }>;

export type ImportDeps = EnvelopeDeps &
  Readonly<{
    /** For files without one (other tools'): the workspace's question pass threshold, and a soft gate on avg_score. */
    passThreshold: number;
  }>;

const SAMPLES_SUFFIX = '_samples.jsonl';

const refused = (
  path: string,
  reasons: string[],
  evaluationId: string | null = null,
  warnings: string[] = [],
): ImportOutcome => ({
  path,
  status: 'refused',
  runId: null,
  evaluationId,
  questions: 0,
  reasons,
  warnings,
});

/** The provenance row of one imported file. */
export function importedFileOf(
  envelope: ReadEnvelope,
  mapping: RunMapping,
  runId: string,
  shardGroup: string | null,
  importedAt: number,
): ImportedFile {
  const { aggregate } = envelope;
  return {
    evaluationId: aggregate.evaluation_id,
    runId,
    fileName: envelope.fileName,
    aggregateSha256: envelope.aggregateSha256,
    samplesSha256: envelope.samples?.sha256 ?? null,
    samplesRows: envelope.samples?.rows.length ?? null,
    schemaVersion: envelope.fromVersion,
    evalLibrary: `${aggregate.eval_library.name} ${aggregate.eval_library.version}`,
    sourceType: aggregate.source_metadata.source_type,
    sourceName: aggregate.source_metadata.source_name ?? null,
    sourceOrganization: aggregate.source_metadata.source_organization_name,
    modelId: aggregate.model_info.id,
    shard: mapping.shard ? `${mapping.shard.index}/${mapping.shard.count}` : null,
    shardGroup,
    importedAt,
  };
}

async function importOne(deps: ImportDeps, envelope: ReadEnvelope): Promise<ImportOutcome> {
  const { aggregate } = envelope;
  const base = { path: envelope.path, evaluationId: aggregate.evaluation_id, warnings: envelope.warnings };
  const earlier = await deps.db.envelopes.importedFile(aggregate.evaluation_id);
  if (earlier) {
    const same = earlier.aggregateSha256 === envelope.aggregateSha256;
    const reason = same
      ? `already imported as run ${earlier.runId}`
      : `evaluation ${aggregate.evaluation_id} was already imported (run ${earlier.runId}) from another copy; the first copy is kept`;
    return { ...base, status: 'unchanged', runId: earlier.runId, questions: 0, reasons: [reason] };
  }
  const now = deps.clock();
  const mapping = mapAggregate(aggregate, now, deps.passThreshold);
  const group = shardGroupOf(mapping);
  const joinRun =
    group && mapping.shard ? mergeTarget(await deps.db.envelopes.shardGroup(group), mapping.shard.index) : undefined;
  const existing = await deps.db.runs.get(joinRun ?? mapping.runId);
  if (existing && !joinRun)
    return {
      ...base,
      status: 'unchanged',
      runId: existing.id,
      questions: 0,
      reasons: [`run ${existing.id} is already in this store`],
    };
  const runId = existing?.id ?? mapping.runId;
  const results = envelopeQuestions(envelope, mapping, runId, mapping.identity.questionPassThreshold);
  // Our own files come back only as their samples recompute them; another tool's have no verdict to check.
  const own = mapping.ours ? checkOwnEnvelope(envelope, mapping, results) : undefined;
  if (own && !own.ok) return refused(envelope.path, own.problems, aggregate.evaluation_id, envelope.warnings);
  const sliceTotal = own?.total ?? results.length;
  let verdict: Verdict | null;
  let total = sliceTotal;
  let shard = mapping.shard ? `${mapping.shard.index}/${mapping.shard.count}` : null;
  let { startedAt, finishedAt } = mapping;
  if (existing) {
    ({ verdict, total, shard, startedAt, finishedAt } = mergeSlice(
      existing,
      await deps.db.results.tally(runId),
      mapping,
      results,
      sliceTotal,
    ));
  } else if (own) verdict = own.verdict;
  else
    verdict =
      results.length > 0 ? defaultVerdict(results, total, deps.passThreshold, aggregate.eval_library.name) : null;

  const { identity } = mapping;
  await deps.db.envelopes.importFile({
    newRun: existing
      ? undefined
      : {
          id: runId,
          targetId: identity.targetId,
          source: 'import',
          datasetId: identity.dataset.id,
          datasetVersion: identity.dataset.version,
          datasetSha256: identity.dataset.sha256,
          repeat: identity.selection.repeat,
          shard,
          total,
          identity,
          createdAt: startedAt,
        },
    runId,
    identity: existing?.identity ?? identity,
    verdict,
    total,
    shard,
    startedAt,
    finishedAt,
    results,
    file: importedFileOf(envelope, mapping, runId, group, now),
    metrics: mapping.metrics,
  });
  return { ...base, status: existing ? 'merged' : 'imported', runId, questions: results.length, reasons: [] };
}

/**
 * The aggregate files to read for `paths`: a samples file stands for its aggregate beside it (read once), and one
 * without an aggregate is refused.
 */
function aggregatesOf(paths: readonly string[]): { aggregates: string[]; lonely: ImportOutcome[] } {
  const aggregates: string[] = [];
  const lonely: ImportOutcome[] = [];
  for (const path of paths.map((p) => resolve(p))) {
    let aggregate = path;
    if (path.endsWith(SAMPLES_SUFFIX)) {
      aggregate = join(dirname(path), `${basename(path).slice(0, -SAMPLES_SUFFIX.length)}.json`);
      if (!existsSync(aggregate)) {
        lonely.push(refused(path, [`a samples file without its aggregate ${basename(aggregate)} beside it`]));
        continue;
      }
    }
    if (!aggregates.includes(aggregate)) aggregates.push(aggregate);
  }
  return { aggregates, lonely };
}

/** Imports each file in turn; one refused file never stops the others. */
export async function importEnvelopes(deps: ImportDeps, paths: readonly string[]): Promise<ImportOutcome[]> {
  const { aggregates, lonely } = aggregatesOf(paths);
  const outcomes: ImportOutcome[] = [...lonely];
  for (const path of aggregates) {
    const read = await readEnvelope(path, deps.resourcesDir);
    if (!read.ok) {
      outcomes.push(refused(path, read.problems));
      continue;
    }
    try {
      outcomes.push(await importOne(deps, read.envelope));
    } catch (error) {
      outcomes.push(
        refused(
          path,
          [`cannot be read as a run: ${messageOf(error)}`],
          read.envelope.aggregate.evaluation_id,
          read.envelope.warnings,
        ),
      );
    }
  }
  return outcomes;
}
