// Deterministic shards (`--shard I/N`): a question belongs to one slice by a stable hash of its id.
import { createHash } from 'node:crypto';
import type { ShardSpec } from '../../../src-shared/model';

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
