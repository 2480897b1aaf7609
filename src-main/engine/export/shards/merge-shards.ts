// `ai-eval merge`: the N slices of a sharded run become one stored run, whose verdict is computed as a run's own is.
import { resolve } from 'node:path';
import type { RunFinished, RunIdentity, Verdict } from '../../../../src-shared/model';
import type { NewQuestionResult } from '../../../store/repos/results.repo';
import type { SliceWrite } from '../../../store/repos/envelopes.repo';
import type { JudgeSetup } from '../../grading/trust/judge-identity';
import { describeTrust } from '../../../../src-shared/model';
import { storedRunVerdict, type VerdictBasis } from '../../grading/trust/judge-advisory';
import { newRunId } from '../../run/start-run';
import { adaptiveRuleOf } from '../../scoring/adaptive-repeats';
import { importedFileOf, type EnvelopeDeps } from '../eee/import-envelopes';
import { envelopeQuestions } from '../eee/import-questions';
import { mapAggregate, type RunMapping } from '../eee/import-run';
import { readEnvelope, type ReadEnvelope } from '../eee/read-envelope';
import { isInside } from '../safe-path';
import { shardGroupOf } from './shard-merge';
import type { ShardGroup, ShardSlice } from './shard-set';

export type MergeDeps = EnvelopeDeps &
  Readonly<{
    /** The merging workspace's judge settings: judge trust and the corrected pass rate are read in its store. */
    judgeSetup: JudgeSetup;
  }>;

export type MergeOutcome =
  | Readonly<{ ok: true; finished: RunFinished; shard: string; again: boolean; warnings: string[] }>
  | Readonly<{ ok: false; problems: string[] }>;

type ReadSlice = Readonly<{ slice: ShardSlice; envelope: ReadEnvelope; mapping: RunMapping }>;

const label = (group: ShardGroup, slice: ShardSlice) =>
  `shard ${slice.shard.index}/${slice.shard.count} of ${group.targetId}`;

/** Reads each complete slice's EEE files and checks they are the files its manifest names. */
async function readSlices(deps: MergeDeps, group: ShardGroup): Promise<{ read: ReadSlice[]; problems: string[] }> {
  const read: ReadSlice[] = [];
  const problems: string[] = [];
  for (const slice of group.slices) {
    const { entry } = slice;
    if (entry.status !== 'complete') continue;
    const path = resolve(slice.dir, entry.aggregate ?? '');
    if (entry.aggregate === null || !isInside(slice.dir, path)) {
      problems.push(`${label(group, slice)}: its manifest names no aggregate file inside ${slice.dir}`);
      continue;
    }
    const outcome = await readEnvelope(path, deps.resourcesDir);
    if (!outcome.ok) {
      problems.push(`${label(group, slice)}: ${path}: ${outcome.problems.join('; ')}`);
      continue;
    }
    const { envelope } = outcome;
    const mapping = mapAggregate(envelope.aggregate, deps.clock(), entry.identity.questionPassThreshold);
    const sameShard = mapping.shard?.index === slice.shard.index && mapping.shard.count === slice.shard.count;
    if (envelope.aggregateSha256 !== entry.aggregate_sha256 || mapping.runId !== entry.run_id || !sameShard)
      problems.push(
        `${label(group, slice)}: ${path} is not the file its manifest wrote (run, shard or checksum differ)`,
      );
    else read.push({ slice, envelope, mapping });
  }
  return { read, problems };
}

/** Each slice's question results, as rows of the merged run; a question in two slices is a problem. */
function sliceResults(group: ShardGroup, read: readonly ReadSlice[], runId: string) {
  const owner = new Map<string, number>();
  const problems: string[] = [];
  const results = read.map(({ slice, envelope, mapping }) => {
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

/** Trust a slice recorded that differs from what this store says now: the merge uses this store's, and says so. */
function trustWarnings(group: ShardGroup, read: readonly ReadSlice[], verdict: Verdict): string[] {
  const now = new Map(verdict.judges.map((judge) => [judge.grader, judge.state]));
  return read.flatMap(({ slice, mapping }) =>
    mapping.judgeTrust
      .filter((trust) => now.has(trust.grader) && now.get(trust.grader) !== trust.state)
      .map(
        (trust) =>
          `${label(group, slice)} recorded ${describeTrust(trust)}; this workspace's store has ${trust.grader} ${now.get(trust.grader)}, which the merged verdict uses`,
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

/** Merges one checked group into one run; what was wrong with its files refuses it, with the reasons. */
export async function mergeShardGroup(deps: MergeDeps, group: ShardGroup): Promise<MergeOutcome> {
  const { read, problems } = await readSlices(deps, group);
  if (problems.length > 0) return { ok: false, problems };
  const earlier = await earlierRun(deps, group, read);
  if ('problem' in earlier) return { ok: false, problems: [earlier.problem as string] };
  const done = (runId: string, verdict: Verdict, shard: string, again: boolean): MergeOutcome => ({
    ok: true,
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
  const { results, problems: overlaps } = sliceResults(group, read, runId);
  if (overlaps.length > 0) return { ok: false, problems: overlaps };
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
