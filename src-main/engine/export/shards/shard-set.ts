// Which shard bundles `ai-eval merge` was given, and whether they form whole runs: no shard missing, duplicated or foreign.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ShardSpec } from '../../../../src-shared/model';
import {
  identityDifferences,
  MANIFEST_PATTERN,
  manifestName,
  readShardManifest,
  type ShardEntry,
  type ShardManifest,
} from './shard-bundle';

export type ManifestFile = Readonly<{ path: string; manifest: ShardManifest }>;

/** One target's slice in one shard's bundle. */
export type ShardSlice = Readonly<{ manifestPath: string; dir: string; shard: ShardSpec; entry: ShardEntry }>;

/** The N slices of one target, by shard index: one merged run. */
export type ShardGroup = Readonly<{ targetId: string; count: number; slices: readonly ShardSlice[] }>;

/** How deep a folder is searched for manifests: an artifact download nests a folder or two, never more. */
const MAX_DEPTH = 6;

function manifestsUnder(dir: string, depth: number, found: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile() && MANIFEST_PATTERN.test(entry.name)) found.push(path);
    else if (entry.isDirectory() && depth < MAX_DEPTH) manifestsUnder(path, depth + 1, found);
  }
}

/** The manifests the inputs name: a file is one, a folder is searched; every path that gives none is a problem. */
export function readManifests(paths: readonly string[]): { files: ManifestFile[]; problems: string[] } {
  const seen = new Set<string>();
  const files: ManifestFile[] = [];
  const problems: string[] = [];
  for (const input of paths.map((path) => resolve(path))) {
    let found: string[] = [];
    try {
      if (statSync(input).isDirectory()) {
        manifestsUnder(input, 0, found);
        if (found.length === 0)
          problems.push(`${input}: no shard manifest (ai-eval-shard-I-of-N.json) in this folder or below`);
      } else found = [input];
    } catch (error) {
      problems.push(`${input}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    for (const path of found) {
      // The same bundle named twice is a mistake worth saying (it usually stands where another shard belongs).
      if (seen.has(path)) {
        problems.push(`duplicated shard: ${path} is given more than once`);
        continue;
      }
      seen.add(path);
      const read = readShardManifest(path);
      if (read.ok) files.push({ path, manifest: read.manifest });
      else problems.push(`${path}: ${read.problem}`);
    }
  }
  return { files, problems };
}

const label = (targetId: string, shard: ShardSpec) => `shard ${shard.index}/${shard.count} of ${targetId}`;

/** The most common shard count among the slices (the smallest on a tie): the others are foreign to the set. */
function usualCount(slices: readonly ShardSlice[]): number {
  const counts = new Map<number, number>();
  for (const slice of slices) counts.set(slice.shard.count, (counts.get(slice.shard.count) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

function checkGroup(targetId: string, slices: readonly ShardSlice[], manifests: readonly ManifestFile[]): string[] {
  const problems: string[] = [];
  const count = usualCount(slices);
  for (const slice of slices.filter((s) => s.shard.count !== count))
    problems.push(
      `foreign shard: ${slice.manifestPath} is ${label(targetId, slice.shard)}, the other shards of ${targetId} are of ${count}`,
    );
  const byIndex = new Map<number, ShardSlice[]>();
  for (const slice of slices.filter((s) => s.shard.count === count))
    byIndex.set(slice.shard.index, [...(byIndex.get(slice.shard.index) ?? []), slice]);
  for (let index = 1; index <= count; index += 1) {
    const shard = { index, count };
    const given = byIndex.get(index) ?? [];
    if (given.length > 1)
      problems.push(
        `duplicated shard: ${label(targetId, shard)} is given ${given.length} times (${given.map((s) => s.manifestPath).join(', ')})`,
      );
    if (given.length > 0) continue;
    const bundle = manifests.find((m) => m.manifest.shard.index === index && m.manifest.shard.count === count);
    problems.push(
      bundle
        ? `missing shard: ${bundle.path} is shard ${index}/${count} but did not run ${targetId}`
        : `missing shard: ${label(targetId, shard)} (no ${manifestName(shard)} among the inputs)`,
    );
  }
  for (const slice of slices) {
    const { entry } = slice;
    if (entry.status === 'cancelled' || entry.status === 'error')
      problems.push(
        `${label(targetId, slice.shard)} did not complete (${entry.status}${entry.error ? `: ${entry.error}` : ''}); run that shard again`,
      );
  }
  const [reference, ...others] = [...slices].sort((a, b) => a.shard.index - b.shard.index);
  for (const slice of reference ? others : []) {
    const differences = identityDifferences(reference!.entry.identity, slice.entry.identity);
    if (differences.length > 0)
      problems.push(
        `foreign shard: ${label(targetId, slice.shard)} (${slice.manifestPath}) was run with another ${differences.join('; ')}`,
      );
  }
  return problems;
}

/** Groups the slices per target and checks each group is one whole run; any problem refuses the set. */
export function checkShardSet(manifests: readonly ManifestFile[]): { groups: ShardGroup[]; problems: string[] } {
  const byTarget = new Map<string, ShardSlice[]>();
  for (const { path, manifest } of manifests) {
    for (const entry of manifest.runs) {
      const slice = { manifestPath: path, dir: dirname(path), shard: manifest.shard, entry };
      byTarget.set(entry.target, [...(byTarget.get(entry.target) ?? []), slice]);
    }
  }
  const problems: string[] = [];
  const groups: ShardGroup[] = [];
  for (const [targetId, slices] of byTarget) {
    const found = checkGroup(targetId, slices, manifests);
    problems.push(...found);
    if (found.length === 0)
      groups.push({
        targetId,
        count: slices[0]!.shard.count,
        slices: [...slices].sort((a, b) => a.shard.index - b.shard.index),
      });
  }
  if (manifests.length > 0 && byTarget.size === 0) problems.push('the shard manifests name no run of any target');
  return { groups, problems };
}
