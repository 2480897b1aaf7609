// Deterministic shards (`--shard I/N`): a question belongs to one slice by a stable hash of its id.
import { createHash } from 'node:crypto';
import type { ShardSpec } from '../../../src-shared/model';

/** Parses "I/N" (1 ≤ I ≤ N); throws with what was wrong. */
export function parseShard(text: string): ShardSpec {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`--shard must look like I/N (e.g. 2/4), got "${text}"`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) throw new Error(`--shard ${text}: I must be between 1 and N`);
  return { index, count };
}

/** The 1-based shard of a question id: the same on every machine and Node version (sha256, not a runtime hash). */
export function shardOf(questionId: string, count: number): number {
  const digest = createHash('sha256').update(questionId).digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

export const inShard = (questionId: string, shard: ShardSpec | null): boolean =>
  shard === null || shardOf(questionId, shard.count) === shard.index;

export const formatShard = (shard: ShardSpec | null): string | null =>
  shard === null ? null : `${shard.index}/${shard.count}`;

/** How many of the questions each of `count` shards gets (element 0 is shard 1): what a team looks at to choose N. */
export function shardSizes(questionIds: readonly string[], count: number): number[] {
  const sizes = new Array<number>(count).fill(0);
  for (const id of questionIds) {
    const slot = shardOf(id, count) - 1;
    sizes[slot] = (sizes[slot] ?? 0) + 1;
  }
  return sizes;
}
