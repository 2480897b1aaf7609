// Writes what one shard leaves for the merge: each complete slice as EEE files, and the manifest that lists every target.
import { readFileSync } from 'node:fs';
import type { RunFinished, RunIdentity, ShardSpec } from '../../../../src-shared/model';
import { exportRun, type ExportDeps } from '../eee/export-run';
import { bundlePath, sha256Of, writeShardManifest, type ShardEntry } from './shard-bundle';
import { makeFolders } from '../../../workspace/make-folders';

/** A target with no question in this shard: nothing ran, but the merge must know the shard had its part. */
export type EmptySlice = Readonly<{ targetId: string; identity: RunIdentity }>;

export type ShardBundleInput = Readonly<{
  dir: string;
  shard: ShardSpec;
  appVersion: string;
  finished: readonly RunFinished[];
  empty: readonly EmptySlice[];
}>;

/** What was written: the manifest, and the slices that could not be exported (the shard then failed). */
export type WrittenBundle = Readonly<{ manifestPath: string; problems: string[] }>;

async function entryOf(deps: ExportDeps, dir: string, end: RunFinished, problems: string[]): Promise<ShardEntry> {
  const run = await deps.db.runs.get(end.runId);
  if (!run) throw new Error(`run ${end.runId} is not in the store`);
  const entry: ShardEntry = {
    target: end.targetId,
    status: end.status === 'complete' || end.status === 'cancelled' ? end.status : 'error',
    run_id: end.runId,
    total: run.total,
    aggregate: null,
    aggregate_sha256: null,
    error: end.error,
    identity: run.identity,
  };
  if (end.status !== 'complete') return entry;
  const outcome = await exportRun(deps, end.runId, dir);
  const aggregate = outcome.files.find((file) => file.kind === 'aggregate');
  if (outcome.problems.length > 0 || !aggregate) {
    const why = `its EEE files would not be valid: ${outcome.problems.join('; ')}`;
    problems.push(`${end.targetId}: run ${end.runId}: ${why}`);
    return { ...entry, status: 'error', error: why };
  }
  return {
    ...entry,
    aggregate: bundlePath(dir, aggregate.path),
    aggregate_sha256: sha256Of(readFileSync(aggregate.path)),
  };
}

export async function writeShardBundle(deps: ExportDeps, input: ShardBundleInput): Promise<WrittenBundle> {
  makeFolders(input.dir);
  const problems: string[] = [];
  const runs: ShardEntry[] = [];
  for (const end of input.finished) runs.push(await entryOf(deps, input.dir, end, problems));
  for (const { targetId, identity } of input.empty)
    runs.push({
      target: targetId,
      status: 'empty',
      run_id: null,
      total: 0,
      aggregate: null,
      aggregate_sha256: null,
      error: null,
      identity,
    });
  const manifestPath = writeShardManifest(input.dir, {
    format: 'ai-eval-shard',
    version: 1,
    shard: input.shard,
    app_version: input.appVersion,
    written_at: new Date(deps.clock()).toISOString(),
    runs,
  });
  return { manifestPath, problems };
}
