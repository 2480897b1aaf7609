// Starts a new run of a target, or resumes an interrupted one: plan, identity, lock, the run row; then executes it.
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_CONCURRENCY,
  GRADER_CATALOG,
  type RunFinished,
  type RunIdentity,
  type RunSource,
  type WorkspaceConfig,
} from '../../../src-shared/model';
import { MAX_ADAPTIVE_CONCURRENCY } from './adaptive-concurrency';
import { formatShard } from './shard';
import { buildIdentity, identityDrift } from './identity';
import { acquireRunLock, lockKey, type HeldLock } from './run-lock';
import { executeRun, resultKey, type PreparedRun, type RunDeps, type WorkItem } from './run-execution';
import { PlanError, planItems, planRun, type RunPlan, type Selection } from './plan';
import { RunServices } from './run-services';
import { AdaptiveStop } from './adaptive-stop';
import { adaptiveRuleOf } from '../scoring/adaptive-repeats';

export type RunRequest = Readonly<{
  targetId: string;
  selection: Selection;
  source: RunSource;
  /** Questions in flight; settings.concurrency when absent, else measured (Ollama) or the default. */
  concurrency?: number;
  /** Runs with this system prompt instead of aieval.yaml's (the optimizer, a prompt comparison). */
  systemPrompt?: string;
  /** Runs on this connection and model instead of the target's (a model comparison). */
  model?: ModelOverride;
  /**
   * Why the run differs from aieval.yaml's target ("prompt comparison, variant 2/3"), recorded in the run identity:
   * such a run is an experiment, kept out of the target's history.
   */
  variant?: string | null;
}>;

export type ModelOverride = Readonly<{ provider: string; model: string }>;

/** A run that has its id, its row and its lock, and is executing; `finished` settles when it ends. */
export type StartedRun = Readonly<{ runId: string; plan: RunPlan; total: number; finished: Promise<RunFinished> }>;

/** Sortable, readable and unique enough to type: 20260301-142233-3fa9c1. */
export function newRunId(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Takes the target's lock and writes the run row; the lock is released again when the row cannot be written. */
export async function createLockedRun(
  deps: RunDeps,
  identity: RunIdentity,
  run: Readonly<{ source: RunSource; repeat: number; shard: string | null; total: number }>,
): Promise<{ runId: string; lock: HeldLock }> {
  const runId = newRunId(deps.clock());
  const lock = await acquireRunLock(deps.db, lockKey(identity.targetId, run.shard), runId, {
    ...deps.lock,
    now: deps.clock,
  });
  try {
    await deps.db.runs.insert({
      id: runId,
      targetId: identity.targetId,
      source: run.source,
      datasetId: identity.dataset.id,
      datasetVersion: identity.dataset.version,
      datasetSha256: identity.dataset.sha256,
      repeat: run.repeat,
      shard: run.shard,
      total: run.total,
      identity,
      createdAt: deps.clock(),
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
  return { runId, lock };
}

/**
 * Questions in flight: as asked, else as set in aieval.yaml; else an Ollama target measures it (the lanes are the
 * most it may try), and any other runs with the default.
 */
function concurrencyOf(deps: RunDeps, plan: RunPlan, requested: number | undefined) {
  const configured = requested ?? deps.workspace.config.settings.concurrency;
  if (configured !== undefined) return { concurrency: configured, measureConcurrency: false };
  const onOllama = deps.workspace.config.providers[plan.target.provider]?.kind === 'ollama';
  return onOllama
    ? { concurrency: MAX_ADAPTIVE_CONCURRENCY, measureConcurrency: true }
    : { concurrency: DEFAULT_CONCURRENCY, measureConcurrency: false };
}

/** The connections a run's LLM graders call: their judges'. */
function judgeConnectionsOf(plan: RunPlan, config: WorkspaceConfig): Set<string> {
  const names = new Set<string>();
  for (const id of plan.target.graders) {
    if (GRADER_CATALOG[id].kind !== 'llm_judge') continue;
    const judge = config.judge?.overrides?.[id] ?? config.judge;
    if (judge) names.add(judge.provider);
  }
  return names;
}

/** The connections a run calls: the target's (unless an external agent answers) and its LLM graders' judges. */
function connectionsOf(plan: RunPlan, config: WorkspaceConfig): Set<string> {
  const names = judgeConnectionsOf(plan, config);
  if (!(plan.target.mode === 'agent' && plan.target.endpoint)) names.add(plan.target.provider);
  return names;
}

/** The identity of a plan run with these deps (a regrade also names the run it re-scores). */
export function identityFor(deps: RunDeps, plan: RunPlan, source: RunSource, regradeOf?: string): RunIdentity {
  const { workspace, appVersion } = deps;
  return buildIdentity({ workspace, plan, source, appVersion, judgeTemplates: deps.judgeTemplates(), regradeOf });
}

/**
 * The run's services with every connection it calls already built (a regrade's: its judges' only), so a missing or
 * withheld key (an untrusted workspace's `api_key_env`) refuses the run before its row, its lock or any request.
 */
export function servicesFor(deps: RunDeps, plan: RunPlan, concurrency: number, regrade = false): RunServices {
  const services = new RunServices({
    workspace: deps.workspace,
    concurrency,
    limiters: deps.limiters,
    makeProvider: deps.makeProvider,
    recorder: deps.recorder,
  });
  const config = deps.workspace.config;
  for (const name of regrade ? judgeConnectionsOf(plan, config) : connectionsOf(plan, config)) services.provider(name);
  return services;
}

/**
 * The plan with another system prompt or model: the optimizer and the comparisons measure them without writing
 * aieval.yaml. A connection aieval.yaml does not have is refused before anything runs.
 */
export function withOverrides(
  plan: RunPlan,
  config: WorkspaceConfig,
  prompt: string | undefined,
  model: ModelOverride | undefined,
): RunPlan {
  if (model && !config.providers[model.provider])
    throw new PlanError(
      `target "${plan.target.id}": no connection "${model.provider}" in aieval.yaml (it has ${Object.keys(config.providers).join(', ') || 'none'})`,
    );
  if (model && plan.target.mode === 'agent' && plan.target.endpoint)
    throw new PlanError(
      `target "${plan.target.id}": an external agent answers it, so it has no model to swap for ${model.provider}/${model.model}`,
    );
  const target = {
    ...plan.target,
    ...(prompt === undefined ? {} : { system_prompt: prompt }),
    ...(model ? { provider: model.provider, model: model.model } : {}),
  };
  return { ...plan, target };
}

/** The items not stored yet, lazily: an adaptive run's stop is asked as each is pulled, once earlier repeats are in. */
function* pendingItems(plan: RunPlan, done: ReadonlySet<string>, stop?: AdaptiveStop): Generator<WorkItem> {
  for (const item of planItems(plan))
    if (!done.has(resultKey(item.question.id, item.repeatIndex)) && (stop?.wants(item) ?? true)) yield item;
}

type Prepared = Omit<PreparedRun, 'plan' | 'items' | 'caller' | 'adaptive'>;

/** A run ready to execute: its pending items (past an adaptive run's stop) and its caller. */
function prepared(deps: RunDeps, plan: RunPlan, run: Prepared): PreparedRun {
  const rule = adaptiveRuleOf(plan.selection);
  const stop = rule && new AdaptiveStop(rule);
  return {
    ...run,
    plan,
    adaptive: stop,
    items: (done) => pendingItems(plan, done, stop),
    caller: deps.callerFor(plan, run.services),
  };
}

export async function startRun(request: RunRequest, deps: RunDeps, signal: AbortSignal): Promise<StartedRun> {
  const plan = withOverrides(
    planRun(deps.workspace, request.targetId, request.selection, deps.graders, deps.trusted),
    deps.workspace.config,
    request.systemPrompt,
    request.model,
  );
  if (plan.total === 0)
    throw new PlanError(`target "${plan.target.id}": nothing to run (the selection or shard holds no question)`);
  const variant = request.variant;
  const identity = {
    ...identityFor(deps, plan, request.source),
    ...(variant ? { promptVariant: variant } : {}),
  };
  const { concurrency, measureConcurrency } = concurrencyOf(deps, plan, request.concurrency);
  const services = servicesFor(deps, plan, concurrency);
  const { runId, lock } = await createLockedRun(deps, identity, {
    source: request.source,
    repeat: plan.selection.repeat,
    shard: formatShard(plan.selection.shard),
    total: plan.total,
  });
  const run = prepared(deps, plan, {
    runId,
    identity,
    total: plan.total,
    concurrency,
    measureConcurrency,
    lock,
    services,
  });
  return { runId, plan, total: plan.total, finished: executeRun(run, deps, signal) };
}

/** Continues an interrupted (crashed, cancelled or failed) run, skipping every question that already has a result. */
export async function resumeRun(
  runId: string,
  deps: RunDeps,
  options: Readonly<{ concurrency?: number }>,
  signal: AbortSignal,
): Promise<StartedRun> {
  const run = await deps.db.runs.get(runId);
  if (!run) throw new PlanError(`no run "${runId}" in this workspace's store`);
  if (run.status === 'complete') throw new PlanError(`run ${runId} is already complete; start a new run instead`);
  if (run.identity.regradeOf !== null)
    throw new PlanError(`run ${runId} is a regrade; regrade run ${run.identity.regradeOf} again instead`);
  const planned = planRun(deps.workspace, run.targetId, run.identity.selection, deps.graders, deps.trusted);
  // An experiment resumes with the prompt and model it started with, not aieval.yaml's.
  const experiment = run.identity.promptVariant !== undefined;
  const plan = withOverrides(
    planned,
    deps.workspace.config,
    experiment ? run.identity.systemPrompt : undefined,
    experiment ? { provider: run.identity.provider.name, model: run.identity.model } : undefined,
  );
  const current = identityFor(deps, plan, run.source);
  const drift = identityDrift(run.identity, current);
  if (drift.length > 0)
    throw new PlanError(
      `run ${runId} cannot be resumed: the target's ${drift.join(', ')} changed since it started; start a new run`,
    );
  const { concurrency, measureConcurrency } = concurrencyOf(deps, plan, options.concurrency);
  const services = servicesFor(deps, plan, concurrency);
  const lock = await acquireRunLock(deps.db, lockKey(plan.target.id, run.shard), runId, {
    ...deps.lock,
    now: deps.clock,
  });
  const resumed = prepared(deps, plan, {
    runId,
    identity: run.identity,
    total: run.total,
    concurrency,
    measureConcurrency,
    lock,
    services,
  });
  return { runId, plan, total: run.total, finished: executeRun(resumed, deps, signal) };
}
