// Calls a command-line run makes around the runs it starts: the plan of several targets at once with their preflight,
// this process's part of the rate limits, the reports and the shard bundle written when the runs end, and the merge
// of the shard bundles.
import { z } from 'zod';
import { boolean, int, nullableString, optionalString, string } from '../model/fields';
import { call, noInput } from '../rpc/define';
import { graderId, runFinished, runIdentity, shardSpec, snakeId } from '../model';
import { preflightProblem, startSource } from './runs.contract';

const runId = string.min(1).max(200);
const count = int.nonnegative();
/** A file or folder the caller names: the CLI's may lie anywhere (the user's own shell); any other caller's stays in the workspace. */
const callerPath = string.min(1).max(4096);
/** An id the caller chooses for a preflight it may cancel (`runs.cancelPreflight`): Ctrl-C during `ai-eval run`'s. */
const preflightId = string.min(1).max(100).optional();

/** What the local checks of an Ollama run found for one target: a missing model (error) or a prompt that will be cut (warning). */
export const localFinding = z.object({
  targetId: snakeId,
  level: z.enum(['error', 'warning']),
  provider: string,
  model: string,
  message: string,
  /** A command that fixes it, when there is one (`ollama pull qwen3:8b`). */
  fix: optionalString,
});
export type LocalFinding = z.infer<typeof localFinding>;

/** Problems stop the runs (nothing is started); findings, looked for only when there is no problem, let them run. */
export const batchPreflight = z.object({ problems: z.array(preflightProblem), findings: z.array(localFinding) });
export type BatchPreflight = z.infer<typeof batchPreflight>;

const estimatedCalls = z.object({ target: count, targetMax: count, judges: count });

/** One run as planned before it starts: what `ai-eval run` prints of it, and what its start and shard bundle need. */
export const plannedRun = z.object({
  targetId: snakeId,
  datasetId: string,
  datasetVersion: string,
  /** How many questions were selected (before repeats). */
  questions: count,
  selection: z.object({
    questionIds: z.array(string).nullable(),
    repeat: int,
    shard: shardSpec.nullable(),
  }),
  /** questions × repeat. */
  total: count,
  graders: z.array(graderId),
  /** Target calls: exact for chat and external agents; for tool-using agents, one per step up to max_steps. */
  estimatedCalls,
  /** Why this text-only target may fail these questions (images, files), or null. */
  warning: nullableString,
  /** Asked with `shards`: the whole plan without the shard, and how many of its questions each shard gets (shard 1 first). */
  whole: z.object({ questions: count, total: count, estimatedCalls, shardSizes: z.array(count) }).optional(),
  /** A shard holding no question of this target: the run it would have been, which the merge checks the other shards against. */
  identity: runIdentity.optional(),
});
export type PlannedRun = z.infer<typeof plannedRun>;

/** One target's shards merged into one stored run (`again`: they had been merged before, as this run). */
const mergedShards = z.object({
  targetId: snakeId,
  shard: string,
  again: boolean,
  warnings: z.array(string),
  finished: runFinished,
});

export const runBatchContract = {
  /**
   * This process's part of the providers' rate limits (`ai-eval run --shard`, `--rate-share`): the line that says so,
   * null when nothing is shared or limited. Refused (`invalid_workspace`) when the workspace cannot run.
   */
  'runs.share': call(() => ({ input: noInput, output: z.object({ share: int.positive(), line: nullableString }) })),
  /**
   * Plans a run of each target (in order) without starting any: the `questionIds` are spread over the targets' datasets
   * (none: all their questions), and ids in none of them come back as `stray` with no plan. With `preflight`, the
   * preflight of every planned run at once, then the local model checks when it found no problem.
   */
  'runs.plan': call(() => ({
    input: z.object({
      targetIds: z.array(snakeId).min(1).max(1000),
      questionIds: z.array(string.max(1000)).max(100_000).default([]),
      repeat: int.min(1).max(100).default(1),
      shard: shardSpec
        .refine((s) => s.index <= s.count, 'shard index above its count')
        .nullable()
        .default(null),
      /** Who would start the runs: part of the identity of a target with no question in the shard. */
      source: startSource.default('manual'),
      shards: boolean.default(false),
      preflight: boolean.default(false),
      preflightId,
    }),
    output: z.object({ stray: z.array(string), plans: z.array(plannedRun), preflight: batchPreflight.nullable() }),
  })),
  /**
   * A stored run about to be resumed (its planned selection) or regraded (its judges only): the text-only warning of a
   * resume and, with `preflight`, the preflight. A run not in the store gets nulls: its resume or regrade refuses it.
   */
  'runs.planStored': call(() => ({
    input: z.object({ runId, purpose: z.enum(['resume', 'regrade']), preflight: boolean, preflightId }),
    output: z.object({ warning: nullableString, preflight: batchPreflight.nullable() }),
  })),
  /**
   * Cancels the preflight of a `runs.plan` or `runs.planStored` call still in flight: its checks stop and report
   * what they could not finish as problems. False when no preflight of that id is running.
   */
  'runs.cancelPreflight': call(() => ({
    input: z.object({ preflightId: string.min(1).max(100) }),
    output: z.object({ cancelled: boolean }),
  })),
  /**
   * Waits for the exports on complete of these runs' service, then writes the JSON and the JUnit report of the runs
   * when asked; answers the files written.
   */
  'runs.reports': call(() => ({
    input: z.object({ runIds: z.array(runId).max(1000), json: callerPath.optional(), junit: callerPath.optional() }),
    output: z.object({ json: optionalString, junit: optionalString }),
  })),
  /**
   * Writes one shard's bundle for the merge (`ai-eval run --shard I/N --out DIR`): each complete run as EEE files and
   * the manifest listing every target. A folder that cannot be written is `unavailable` with `{ environment }`.
   */
  'runs.shardBundle': call(() => ({
    input: z.object({
      dir: callerPath,
      shard: shardSpec,
      finished: z.array(runFinished).max(1000),
      empty: z.array(z.object({ targetId: snakeId, identity: runIdentity })).max(1000),
    }),
    output: z.object({ manifestPath: string, problems: z.array(string) }),
  })),
  /**
   * Merges the shard bundles in these folders or manifest files into one stored run per target, gated as a run is.
   * It stops at the first problem: the targets merged before it come back beside it.
   */
  'runs.merge': call(() => ({
    input: z.object({ paths: z.array(callerPath).min(1).max(10_000) }),
    output: z.object({ merged: z.array(mergedShards), problems: z.array(string) }),
  })),
} as const;
