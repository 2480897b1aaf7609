// `ai-eval merge`: the N slices of a sharded run become one stored run, whose verdict is computed as a run's own is.
import type { RunFinished, RunIdentity, Verdict } from '../../../../src-shared/model';
import type { NewQuestionResult } from '../../../store/repos/results.repo';
import type { SliceWrite } from '../../../store/repos/envelopes.repo';
import type { RunRecord } from '../../../store/repos/runs.repo';
import type { JudgeSetup } from '../../trust/judge-identity';
import { describeTrust } from '../../../../src-shared/model';
import { storedRunVerdict, type VerdictBasis } from '../../run/run-verdict';
import { newRunId } from '../../run/start-run';
import { adaptiveRuleOf } from '../../scoring/adaptive-repeats';
import { importedFileOf, type EnvelopeDeps } from '../eee/import-envelopes';
import { readSlices, sliceLabel, sliceResults, type ReadSlice } from './read-slices';
import { shardGroupOf } from './shard-merge';
import type { ShardGroup } from './shard-set';

export type MergeDeps = EnvelopeDeps &
  Readonly<{
    /** The merging workspace's judge settings: judge trust and the corrected pass rate are read in its store. */
    judgeSetup: JudgeSetup;
  }>;

export type MergedGroup = Readonly<{
  finished: RunFinished;
  shard: string;
  again: boolean;
  warnings: string[];
}>;

/** Trust a slice recorded that differs from what this store says now: the merge uses this store's, and says so. */
function trustWarnings(group: ShardGroup, read: readonly ReadSlice[], verdict: Verdict): string[] {
  const now = new Map(verdict.judges.map((judge) => [judge.grader, judge.state]));
  return read.flatMap(({ slice, mapping }) =>
    mapping.judgeTrust
      .filter((trust) => now.has(trust.grader) && now.get(trust.grader) !== trust.state)
      .map(
        (trust) =>
          `${sliceLabel(group, slice)} recorded ${describeTrust(trust)}; this workspace's store has ${trust.grader} ${now.get(trust.grader)}, which the merged verdict uses`,
      ),
  );
}

/** The graders and gate the target had; the identity keeps their ids as strings, which the shard's workspace checked. */
const gradingOf = (identity: RunIdentity) =>
  ({ graders: identity.graders, gate: identity.gate }) as VerdictBasis['target'];

const iso = (ms: number) => new Date(ms).toISOString();

/** The merged run's identity: the shards' (checked equal), covering the whole selection and every slice's time. */
function mergedIdentity(group: ShardGroup, startedAt: number, finishedAt: number): RunIdentity {
  const base = (group.slices.find((s) => s.entry.status === 'complete') ?? group.slices[0]!).entry.identity;
  return {
    ...base,
    selection: { ...base.selection, shard: null },
    startedAt: iso(startedAt),
    finishedAt: iso(finishedAt),
  };
}

async function complete(
  deps: MergeDeps,
  runId: string,
  group: ShardGroup,
  read: readonly ReadSlice[],
): Promise<Readonly<{ verdict: Verdict; shard: string }>> {
  const total = group.slices.reduce((sum, slice) => sum + slice.entry.total, 0);
  const startedAt = Math.min(...read.map((r) => r.mapping.startedAt), deps.clock());
  const finishedAt = Math.max(...read.map((r) => r.mapping.finishedAt), 0) || deps.clock();
  const identity = mergedIdentity(group, startedAt, finishedAt);
  const verdict = await storedRunVerdict(
    deps.db,
    runId,
    {
      total,
      target: gradingOf(identity),
      passThreshold: identity.questionPassThreshold,
      adaptive: adaptiveRuleOf(identity.selection),
    },
    deps.judgeSetup,
  );
  const shard = `${group.slices.map((slice) => slice.shard.index).join(',')}/${group.count}`;
  await deps.db.envelopes.finishMerged({ runId, identity, verdict, total, shard, startedAt, finishedAt });
  return { verdict, shard };
}

/** The run an earlier merge (or import) put these slices in: undefined when none; a problem when only some are there. */
async function earlierRun(deps: MergeDeps, group: ShardGroup, read: readonly ReadSlice[]) {
  const runs = await Promise.all(
    read.map(async (r) => (await deps.db.envelopes.importedFile(r.envelope.aggregate.evaluation_id))?.runId),
  );
  const distinct = new Set(runs);
  if (runs.length === 0 || (distinct.size === 1 && runs[0] === undefined)) return { runId: undefined };
  const runId = runs[0];
  if (distinct.size === 1 && runId !== undefined) {
    const run = await deps.db.runs.get(runId);
    const whole = run?.shard === `${group.slices.map((s) => s.shard.index).join(',')}/${group.count}`;
    if (run && (run.status === 'running' || (run.status === 'complete' && whole && run.verdict))) return { runId, run };
  }
  return {
    problem:
      `some shards of ${group.targetId} are already in this store (${[...distinct].filter(Boolean).join(', ')}), ` +
      'imported on their own; merge them into a fresh workspace store',
  };
}

/** A group whose files were all read and checked: what its merge will write, nothing written yet. */
export type PreparedGroup = Readonly<{
  group: ShardGroup;
  read: readonly ReadSlice[];
  earlier: Readonly<{ runId?: string; run?: RunRecord }>;
}>;

/** Reads and checks one group's files against the store, writing nothing: its problems, or what to merge. */
export async function prepareShardGroup(
  deps: MergeDeps,
  group: ShardGroup,
): Promise<Readonly<{ ok: true; prepared: PreparedGroup }> | Readonly<{ ok: false; problems: string[] }>> {
  const { read, problems } = await readSlices(deps, group);
  if (problems.length > 0) return { ok: false, problems };
  const earlier = await earlierRun(deps, group, read);
  if ('problem' in earlier) return { ok: false, problems: [earlier.problem as string] };
  if (earlier.runId === undefined) {
    const overlaps = sliceResults(group, read, '').problems;
    if (overlaps.length > 0) return { ok: false, problems: overlaps };
  }
  return { ok: true, prepared: { group, read, earlier } };
}

/** Merges one prepared group into one run (or finds the run an earlier merge made of it). */
export async function mergeShardGroup(deps: MergeDeps, prepared: PreparedGroup): Promise<MergedGroup> {
  const { group, read, earlier } = prepared;
  const done = (runId: string, verdict: Verdict, shard: string, again: boolean): MergedGroup => ({
    finished: { runId, targetId: group.targetId, status: 'complete', verdict, error: null },
    shard,
    again,
    warnings: trustWarnings(group, read, verdict),
  });
  if (earlier.run?.status === 'complete' && earlier.run.verdict && earlier.run.shard)
    return done(earlier.run.id, earlier.run.verdict, earlier.run.shard, true);
  if (earlier.runId !== undefined) {
    // A merge that stopped between writing the slices and its verdict: finish it.
    const { verdict, shard } = await complete(deps, earlier.runId, group, read);
    return done(earlier.runId, verdict, shard, false);
  }
  const runId = newRunId(deps.clock());
  const { results } = sliceResults(group, read, runId);
  const now = deps.clock();
  const identity = mergedIdentity(group, now, now);
  const slices: SliceWrite[] = read.map(({ envelope, mapping }, i) => ({
    results: results[i] as NewQuestionResult[],
    file: importedFileOf(envelope, mapping, runId, shardGroupOf(mapping), now),
    metrics: mapping.metrics,
  }));
  await deps.db.envelopes.importSlices(
    {
      id: runId,
      targetId: group.targetId,
      source: identity.source,
      datasetId: identity.dataset.id,
      datasetVersion: identity.dataset.version,
      datasetSha256: identity.dataset.sha256,
      repeat: identity.selection.repeat,
      shard: null,
      total: group.slices.reduce((sum, slice) => sum + slice.entry.total, 0),
      identity,
      createdAt: now,
    },
    slices,
  );
  const { verdict, shard } = await complete(deps, runId, group, read);
  return done(runId, verdict, shard, false);
}
