// Reads the complete slices of one shard group for a merge: each slice's EEE files must be the ones its manifest names,
// with their samples, and recompute to the slice's own stated verdict and to the total its manifest states.
import { resolve } from 'node:path';
import type { NewQuestionResult } from '../../../store/repos/results.repo';
import type { EnvelopeDeps } from '../eee/import-envelopes';
import { envelopeQuestions } from '../eee/import-questions';
import { mapAggregate, type RunMapping } from '../eee/import-run';
import { checkOwnEnvelope } from '../eee/own-envelope';
import { readEnvelope, type ReadEnvelope } from '../eee/read-envelope';
import { isInside } from '../safe-path';
import type { ShardGroup, ShardSlice } from './shard-set';

export type ReadSlice = Readonly<{ slice: ShardSlice; envelope: ReadEnvelope; mapping: RunMapping }>;

export const sliceLabel = (group: ShardGroup, slice: ShardSlice): string =>
  `shard ${slice.shard.index}/${slice.shard.count} of ${group.targetId}`;

/** One slice's files, or what is wrong with them. */
async function readSlice(deps: EnvelopeDeps, group: ShardGroup, slice: ShardSlice): Promise<ReadSlice | string> {
  const { entry } = slice;
  const label = sliceLabel(group, slice);
  const path = resolve(slice.dir, entry.aggregate ?? '');
  if (entry.aggregate === null || !isInside(slice.dir, path))
    return `${label}: its manifest names no aggregate file inside ${slice.dir}`;
  const outcome = await readEnvelope(path, deps.resourcesDir);
  if (!outcome.ok) return `${label}: ${path}: ${outcome.problems.join('; ')}`;
  const { envelope } = outcome;
  const mapping = mapAggregate(envelope.aggregate, deps.clock(), entry.identity.questionPassThreshold);
  const sameShard = mapping.shard?.index === slice.shard.index && mapping.shard.count === slice.shard.count;
  if (envelope.aggregateSha256 !== entry.aggregate_sha256 || mapping.runId !== entry.run_id || !sameShard)
    return `${label}: ${path} is not the file its manifest wrote (run, shard or checksum differ)`;
  const own = checkOwnEnvelope(
    envelope,
    mapping,
    envelopeQuestions(envelope, mapping, mapping.runId, entry.identity.questionPassThreshold),
  );
  if (!own.ok) return `${label}: ${path}: ${own.problems.join('; ')}`;
  if (own.total !== entry.total)
    return `${label}: its manifest states a total of ${entry.total}, its samples hold ${own.total} questions × repeats`;
  return { slice, envelope, mapping };
}

/** Reads each complete slice; any problem refuses the group. */
export async function readSlices(
  deps: EnvelopeDeps,
  group: ShardGroup,
): Promise<{ read: ReadSlice[]; problems: string[] }> {
  const read: ReadSlice[] = [];
  const problems: string[] = [];
  for (const slice of group.slices) {
    if (slice.entry.status !== 'complete') continue;
    const outcome = await readSlice(deps, group, slice);
    if (typeof outcome === 'string') problems.push(outcome);
    else read.push(outcome);
  }
  return { read, problems };
}

/** Each slice's question results, as rows of the merged run; a question in two slices is a problem. */
export function sliceResults(group: ShardGroup, read: readonly ReadSlice[], runId: string) {
  const owner = new Map<string, number>();
  const problems: string[] = [];
  const results: NewQuestionResult[][] = read.map(({ slice, envelope, mapping }) => {
    const rows = envelopeQuestions(envelope, mapping, runId, slice.entry.identity.questionPassThreshold);
    for (const row of rows) {
      const key = `${row.questionId}#${row.repeatIndex}`;
      const first = owner.get(key);
      if (first !== undefined && first !== slice.shard.index)
        problems.push(
          `question ${row.questionId} (repeat ${row.repeatIndex}) is in shards ${first} and ${slice.shard.index} of ${group.targetId}`,
        );
      owner.set(key, slice.shard.index);
    }
    return rows;
  });
  return { results, problems };
}
