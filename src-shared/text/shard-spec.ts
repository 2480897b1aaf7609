// `--shard I/N` as text: which slice of the questions one process of a sharded run takes.
import type { ShardSpec } from '../model';

/** Parses "I/N" (1 ≤ I ≤ N); throws with what was wrong. */
export function parseShard(text: string): ShardSpec {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`--shard must look like I/N (e.g. 2/4), got "${text}"`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) throw new Error(`--shard ${text}: I must be between 1 and N`);
  return { index, count };
}
