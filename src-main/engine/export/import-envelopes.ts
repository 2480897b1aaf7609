// Imports EEE files into the store as runs (source "import"): idempotent per file, shard slices merged into one run.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Gate, Verdict } from '../../../src-shared/model';
import type { ImportedFile } from '../../store/repos/envelopes.repo';
import type { NewQuestionResult } from '../../store/repos/results.repo';
import type { StoreApi } from '../../store/store';
import { addToTally, emptyTally, type Tally } from '../scoring/tally';
import { computeVerdict } from '../scoring/verdict';
import { questionsFromRows } from './import-questions';
import { mapAggregate, statedVerdict, type RunMapping } from './import-run';
import { readEnvelope, type ReadEnvelope } from './read-envelope';

export type ImportDeps = Readonly<{
  db: StoreApi;
  resourcesDir: string;
  clock: () => number;
  /** For files without one (other tools'): the workspace's question pass threshold, and a soft gate on avg_score. */
  passThreshold: number;
}>;

export type ImportStatus = 'imported' | 'merged' | 'unchanged' | 'refused';

export type ImportOutcome = Readonly<{
  path: string;
  status: ImportStatus;
  runId: string | null;
  evaluationId: string | null;
  questions: number;
  /** Why it was refused or left unchanged. */
  reasons: string[];
  warnings: string[];
}>;

const SAMPLES_SUFFIX = '_samples.jsonl';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function tallyOf(results: readonly NewQuestionResult[]): Tally {
  const tally = emptyTally();
  for (const r of results) addToTally(tally, { status: r.status, score: r.score, passed: r.passed, targetFailed: r.status === 'degraded' && r.response === null });
  return tally;
}

const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)));

/** Our files state their verdict; when their rows are here too, the rows must give the same counts and average. */
function consistencyProblems(stated: Verdict, results: readonly NewQuestionResult[]): string[] {
  const tally = tallyOf(results);
  const average = tally.scored > 0 ? tally.scoreSum / tally.scored : null;
  const { counts } = stated;
  const problems: string[] = [];
  if (tally.scored !== counts.scored || tally.passed !== counts.passed || tally.degraded !== counts.degraded || tally.unscored !== counts.unscored) {
    problems.push(
      `the aggregate counts ${counts.scored} scored, ${counts.passed} passed, ${counts.degraded} degraded, ${counts.unscored} unscored questions; ` +
        `the samples give ${tally.scored}, ${tally.passed}, ${tally.degraded}, ${tally.unscored}`,
    );
  }
  if (!close(stated.avg_score, average)) problems.push(`the aggregate's composite score is ${stated.avg_score}, the samples average ${average}`);
  return problems;
}

/** Another tool's file has no gate: a soft one on avg_score at the workspace's threshold, said so in the reason. */
function defaultVerdict(results: readonly NewQuestionResult[], total: number, deps: ImportDeps, library: string): Verdict {
  const gate: Gate = { metric: 'avg_score', threshold: deps.passThreshold, type: 'soft' };
  const verdict = computeVerdict({ tally: tallyOf(results), total, gate, questionPassThreshold: deps.passThreshold });
  return { ...verdict, reason: `imported from ${library}, which has no gate here (default soft gate): ${verdict.reason}` };
}

/** What the slices of one sharded run share, so slices from several machines find each other. */
function shardGroupOf(mapping: RunMapping): string | null {
  const { identity, shard } = mapping;
  if (!shard) return null;
  const key = [identity.targetId, identity.model, identity.systemPromptSha256, identity.dataset.sha256, identity.graders.join(','), shard.count, identity.selection.repeat];
  return sha256(JSON.stringify(key));
}

/** The newest imported run of the group that lacks this slice, to merge into. */
function mergeTarget(slices: readonly ImportedFile[], index: number): string | undefined {
  const runs = new Map<string, Set<number>>();
  for (const slice of slices) {
    const indexes = runs.get(slice.runId) ?? new Set<number>();
    indexes.add(Number(slice.shard?.split('/')[0]));
    runs.set(slice.runId, indexes);
  }
  return [...runs].find(([, indexes]) => !indexes.has(index))?.[0];
}

async function importOne(deps: ImportDeps, envelope: ReadEnvelope): Promise<ImportOutcome> {
  const { aggregate } = envelope;
  const base = { path: envelope.path, evaluationId: aggregate.evaluation_id, warnings: envelope.warnings };
  const earlier = await deps.db.envelopes.importedFile(aggregate.evaluation_id);
  if (earlier) {
    const same = earlier.aggregateSha256 === envelope.aggregateSha256;
    const reason = same ? `already imported as run ${earlier.runId}` : `evaluation ${aggregate.evaluation_id} was already imported (run ${earlier.runId}) from another copy; the first copy is kept`;
    return { ...base, status: 'unchanged', runId: earlier.runId, questions: 0, reasons: [reason] };
  }
  const now = deps.clock();
  const mapping = mapAggregate(aggregate, now, deps.passThreshold);
  const group = shardGroupOf(mapping);
  const joinRun = group && mapping.shard ? mergeTarget(await deps.db.envelopes.shardGroup(group), mapping.shard.index) : undefined;
  const existing = await deps.db.runs.get(joinRun ?? mapping.runId);
  if (existing && !joinRun) return { ...base, status: 'unchanged', runId: existing.id, questions: 0, reasons: [`run ${existing.id} is already in this store (it was run here)`] };
  const runId = existing?.id ?? mapping.runId;
  const results = questionsFromRows({ rows: envelope.samples?.rows ?? [], graders: mapping.graders, ours: mapping.keys, runId, passThreshold: mapping.identity.questionPassThreshold, createdAt: mapping.finishedAt });
  const sliceTotal = mapping.total ?? results.length;
  let verdict: Verdict | null;
  let total = sliceTotal;
  let shard = mapping.shard ? `${mapping.shard.index}/${mapping.shard.count}` : null;
  let { startedAt, finishedAt } = mapping;
  if (existing) {
    // A further slice: the verdict is recomputed over every slice's stored results, under the run's own gate.
    const stored = await deps.db.results.tally(runId);
    const added = tallyOf(results);
    const tally: Tally = { scored: stored.scored + added.scored, unscored: stored.unscored + added.unscored, degraded: stored.degraded + added.degraded, passed: stored.passed + added.passed, errors: stored.errors + added.errors, scoreSum: stored.scoreSum + added.scoreSum };
    total = existing.total + sliceTotal;
    const indexes = [...(existing.shard?.split('/')[0]?.split(',') ?? []), String(mapping.shard?.index)].map(Number).sort((a, b) => a - b);
    shard = `${indexes.join(',')}/${mapping.shard?.count}`;
    const { metric, threshold, type } = existing.identity.gate;
    const merged = computeVerdict({ tally, total, gate: { metric, threshold, type }, questionPassThreshold: existing.identity.questionPassThreshold });
    verdict = { ...merged, judges: existing.verdict?.judges ?? [], reason: `${merged.reason} (shards ${shard} merged)` };
    startedAt = Math.min(startedAt, existing.startedAt ?? startedAt);
    finishedAt = Math.max(finishedAt, existing.finishedAt ?? finishedAt);
  } else if (mapping.ours) {
    verdict = statedVerdict(mapping);
    if (verdict && envelope.samples) {
      const problems = consistencyProblems(verdict, results);
      if (problems.length > 0) return { ...base, status: 'refused', runId: null, questions: 0, reasons: problems };
    }
  } else verdict = results.length > 0 ? defaultVerdict(results, total, deps, aggregate.eval_library.name) : null;

  const { identity } = mapping;
  await deps.db.envelopes.importFile({
    newRun: existing
      ? undefined
      : { id: runId, targetId: identity.targetId, source: 'import', datasetId: identity.dataset.id, datasetVersion: identity.dataset.version, datasetSha256: identity.dataset.sha256, repeat: identity.selection.repeat, shard, total, identity, createdAt: startedAt },
    runId,
    identity: existing?.identity ?? identity,
    verdict,
    total,
    shard,
    startedAt,
    finishedAt,
    results,
    file: {
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
      shardGroup: group,
      importedAt: now,
    },
    metrics: mapping.metrics,
  });
  return { ...base, status: existing ? 'merged' : 'imported', runId, questions: results.length, reasons: [] };
}

/**
 * The aggregate files to read for `paths`: a samples file stands for its aggregate beside it (read once), and one
 * without an aggregate is refused.
 */
function aggregatesOf(paths: readonly string[]): { aggregates: string[]; refused: ImportOutcome[] } {
  const aggregates: string[] = [];
  const refused: ImportOutcome[] = [];
  for (const path of paths.map((p) => resolve(p))) {
    let aggregate = path;
    if (path.endsWith(SAMPLES_SUFFIX)) {
      aggregate = join(dirname(path), `${basename(path).slice(0, -SAMPLES_SUFFIX.length)}.json`);
      if (!existsSync(aggregate)) {
        refused.push({ path, status: 'refused', runId: null, evaluationId: null, questions: 0, reasons: [`a samples file without its aggregate ${basename(aggregate)} beside it`], warnings: [] });
        continue;
      }
    }
    if (!aggregates.includes(aggregate)) aggregates.push(aggregate);
  }
  return { aggregates, refused };
}

/** Imports each file in turn; one refused file never stops the others. */
export async function importEnvelopes(deps: ImportDeps, paths: readonly string[]): Promise<ImportOutcome[]> {
  const { aggregates, refused } = aggregatesOf(paths);
  const outcomes: ImportOutcome[] = [...refused];
  for (const path of aggregates) {
    const read = await readEnvelope(path, deps.resourcesDir);
    if (!read.ok) {
      outcomes.push({ path, status: 'refused', runId: null, evaluationId: null, questions: 0, reasons: read.problems, warnings: [] });
      continue;
    }
    try {
      outcomes.push(await importOne(deps, read.envelope));
    } catch (error) {
      outcomes.push({ path, status: 'refused', runId: null, evaluationId: read.envelope.aggregate.evaluation_id, questions: 0, reasons: [error instanceof Error ? error.message : String(error)], warnings: read.envelope.warnings });
    }
  }
  return outcomes;
}
