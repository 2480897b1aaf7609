// The bundle `ai-eval run --shard I/N --out DIR` leaves for `ai-eval merge`: one manifest per shard beside its EEE files.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { inputFileProblem } from '../../../workspace/input-file';
import { join, relative, sep } from 'node:path';
import { z } from 'zod';
import { runIdentity, shardSpec, type RunIdentity, type ShardSpec } from '../../../../src-shared/model';
import { canonicalJson } from '../../../hashing/canonical-json';
import { parseStrictJson } from '../strict-json';

export const SHARD_MANIFEST_FORMAT = 'ai-eval-shard';

/** One target's slice: its run (complete, or one that did not end well), or nothing when no question fell in the shard. */
const shardEntry = z.strictObject({
  target: z.string(),
  status: z.enum(['complete', 'empty', 'cancelled', 'error']),
  run_id: z.string().nullable(),
  /** Questions × repeats of this slice: the merged run's total is the sum over the shards. */
  total: z.number().int().min(0),
  /** The slice's EEE aggregate, relative to the manifest's folder ('/'-separated); null unless complete. */
  aggregate: z.string().nullable(),
  aggregate_sha256: z.string().nullable(),
  error: z.string().nullable(),
  /** What was run (prompt, model, dataset, graders, gate): a merge refuses shards whose identities differ. */
  identity: runIdentity,
});
export type ShardEntry = z.infer<typeof shardEntry>;

export const shardManifest = z.strictObject({
  format: z.literal(SHARD_MANIFEST_FORMAT),
  version: z.literal(1),
  shard: shardSpec,
  app_version: z.string(),
  written_at: z.string(),
  runs: z.array(shardEntry),
});
export type ShardManifest = z.infer<typeof shardManifest>;

/** Named by its shard, so the bundles of every shard can share one folder (a shared volume, merged CI artifacts). */
export const manifestName = (shard: ShardSpec): string => `ai-eval-shard-${shard.index}-of-${shard.count}.json`;
export const MANIFEST_PATTERN = /^ai-eval-shard-\d+-of-\d+\.json$/;

export const sha256Of = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/** An aggregate's path as the manifest records it: relative to the bundle folder, with '/' on every platform. */
export const bundlePath = (dir: string, file: string): string => relative(dir, file).split(sep).join('/');

/** Writes the manifest under a temporary name first: a half-written manifest never looks like a finished shard. */
export function writeShardManifest(dir: string, manifest: ShardManifest): string {
  const path = join(dir, manifestName(manifest.shard));
  const partial = `${path}.partial`;
  writeFileSync(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, path);
  return path;
}

export type ReadManifest = Readonly<{ ok: true; manifest: ShardManifest }> | Readonly<{ ok: false; problem: string }>;

/** Reads and checks one manifest; what is wrong names the field. */
export function readShardManifest(path: string): ReadManifest {
  const problem = inputFileProblem(path);
  if (problem) return { ok: false, problem };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, problem: `cannot read it: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  let document: unknown;
  try {
    document = parseStrictJson(text, 'the manifest');
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const parsed = shardManifest.safeParse(document);
  if (parsed.success) return { ok: true, manifest: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the document';
  return {
    ok: false,
    problem: `not an ai-eval shard manifest: ${where}: ${issue?.message ?? 'invalid'}`,
  };
}

/**
 * The identity fields that must agree for slices to be one run (or a slice and the merging workspace's target); each
 * differing one is named with both values, `a`'s as what `others` have.
 */
export function identityDifferences(a: RunIdentity, b: RunIdentity, others = 'the others'): string[] {
  const short = (text: string) => (text.length > 12 ? `${text.slice(0, 12)}…` : text);
  const fields: [string, string, string][] = [
    ['mode', a.mode, b.mode],
    ['provider', a.provider.name, b.provider.name],
    ['model', a.model, b.model],
    ['generation settings', canonicalJson(a.generation), canonicalJson(b.generation)],
    ['system prompt (sha256)', short(a.systemPromptSha256), short(b.systemPromptSha256)],
    ['dataset', `${a.dataset.id}@${a.dataset.version}`, `${b.dataset.id}@${b.dataset.version}`],
    ['dataset content (sha256)', short(a.dataset.sha256), short(b.dataset.sha256)],
    ['graders', a.graders.join(','), b.graders.join(',')],
    ['gate', canonicalJson(a.gate), canonicalJson(b.gate)],
    ['question pass threshold', String(a.questionPassThreshold), String(b.questionPassThreshold)],
    ['repeat', String(a.selection.repeat), String(b.selection.repeat)],
    [
      '--question selection',
      (a.selection.questionIds ?? ['all']).join(','),
      (b.selection.questionIds ?? ['all']).join(','),
    ],
  ];
  return fields.filter(([, x, y]) => x !== y).map(([name, x, y]) => `${name} ${y} (${others}: ${x})`);
}
