// The slices of one `--shard I/N` run, exported on several machines, merged into one imported run.
import { createHash } from 'node:crypto';
import type { ImportedFile } from '../../../../src-shared/model';
import type { NewQuestionResult } from '../../../store/repos/results.repo';
import type { Tally } from '../../scoring/tally';
import type { MergedEnd } from '../../../store/repos/envelopes.repo';
import type { RunRecord } from '../../../store/repos/runs.repo';
import { computeVerdict, MIN_COVERAGE } from '../../scoring/verdict';
import type { RunMapping } from '../eee/import-run';
import { tallyOf } from '../eee/import-verdict';

/** What the slices of one sharded run share, so slices from several machines find each other; null when not a slice. */
export function shardGroupOf(mapping: RunMapping): string | null {
  const { identity, shard } = mapping;
  if (!shard) return null;
  const key = [
    identity.targetId,
    identity.model,
    identity.systemPromptSha256,
    identity.dataset.sha256,
    identity.graders.join(','),
    shard.count,
    identity.selection.repeat,
  ];
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

/** The newest imported run of the group that lacks slice `index`: the slice joins it (none: it starts a new run). */
export function mergeTarget(slices: readonly ImportedFile[], index: number): string | undefined {
  const runs = new Map<string, Set<number>>();
  for (const slice of slices) {
    const indexes = runs.get(slice.runId) ?? new Set<number>();
    indexes.add(Number(slice.shard?.split('/')[0]));
    runs.set(slice.runId, indexes);
  }
  return [...runs].find(([, indexes]) => !indexes.has(index))?.[0];
}

/** What merging one more slice changes of a run: the end the store writes, but for the run's id and identity. */
export type MergedRun = Omit<MergedEnd, 'runId' | 'identity'>;

/** The run with one more slice: totals, shards and times widened, the verdict recomputed over every slice's results. */
export function mergeSlice(
  existing: RunRecord,
  stored: Tally,
  mapping: RunMapping,
  results: readonly NewQuestionResult[],
  sliceTotal: number,
): MergedRun {
  const added = tallyOf(results);
  const tally = {
    scored: stored.scored + added.scored,
    unscored: stored.unscored + added.unscored,
    degraded: stored.degraded + added.degraded,
    passed: stored.passed + added.passed,
    errors: stored.errors + added.errors,
    scoreSum: stored.scoreSum + added.scoreSum,
  };
  const total = existing.total + sliceTotal;
  const indexes = [...(existing.shard?.split('/')[0]?.split(',') ?? []), String(mapping.shard?.index)]
    .map(Number)
    .sort((a, b) => a - b);
  const shard = `${indexes.join(',')}/${mapping.shard?.count}`;
  // Under the run's own gate; the judges' trust stays what the first slice recorded.
  const { metric, threshold, type, bound } = existing.identity.gate;
  const gate = { metric, threshold, type, ...(bound ? { bound } : {}) };
  const merged = computeVerdict({ tally, total, gate, questionPassThreshold: existing.identity.questionPassThreshold });
  // The corrected pass rate needs the judge's labels, which envelopes do not carry: never a guess, never a pass.
  const reason =
    gate.metric === 'corrected_pass_rate' && merged.counts.scored > 0 && merged.coverage >= MIN_COVERAGE
      ? `corrected_pass_rate not recomputed: a slice imported on its own carries no judge labels; \`ai-eval merge\` in the workspace whose store holds them gates on it`
      : merged.reason;
  return {
    verdict: { ...merged, judges: existing.verdict?.judges ?? [], reason: `${reason} (shards ${shard} merged)` },
    total,
    shard,
    startedAt: Math.min(mapping.startedAt, existing.startedAt ?? mapping.startedAt),
    finishedAt: Math.max(mapping.finishedAt, existing.finishedAt ?? mapping.finishedAt),
  };
}
