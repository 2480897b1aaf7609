// The plans of a command-line run (several targets at once, or a stored run) and their preflight, for `runs.plan` and
// `runs.planStored`: planned with the service's one run wiring, so they are what the runs will start with.
import type { Contract } from '../../src-shared/contract';
import type { BatchPreflight, PlannedRun } from '../../src-shared/contract/run-batch.contract';
import type { ShardSpec } from '../../src-shared/model';
import type { In, Out } from '../../src-shared/rpc/define';
import { PREFLIGHT_CHECKS, REGRADE_CHECKS, runPreflight } from '../engine/preflight/preflight';
import type { PreflightCheck, PreflightContext } from '../engine/preflight/preflight-check';
import { buildIdentity } from '../engine/run/identity';
import { localPreflight } from '../engine/run/local-preflight';
import { forgetAdminAnswers } from '../engine/providers/ollama-models';
import { planRun, type RunPlan, type ValidWorkspace } from '../engine/run/plan';
import type { RunDeps } from '../engine/run/run-execution';
import { shardSizes } from '../engine/run/shard';
import { textOnlyWarning } from '../workspace/text-only';
import type { AppState } from './app-state';
import { connectionKeys } from './connections';

/** Each target's share of the wanted question ids (null: all its questions), and the ids in none of their datasets. */
function spreadQuestions(workspace: ValidWorkspace, targetIds: readonly string[], wanted: readonly string[]) {
  const chosen = new Map<string, string[] | null>();
  const matched = new Set<string>();
  for (const id of targetIds) {
    if (wanted.length === 0) {
      chosen.set(id, null);
      continue;
    }
    const dataset = workspace.datasets.get(workspace.config.targets.find((target) => target.id === id)?.dataset ?? '');
    const known = new Set(dataset?.dataset.questions.map((question) => question.id));
    const mine = wanted.filter((question) => known.has(question));
    for (const question of mine) matched.add(question);
    if (mine.length > 0) chosen.set(id, [...new Set(mine)]);
  }
  return { chosen, stray: wanted.filter((question) => !matched.has(question)) };
}

/** The whole plan's size, and how many of its questions each of `count` shards gets (shard 1 first). */
const sharesOf = (whole: RunPlan, count: number): PlannedRun['whole'] => ({
  questions: whole.questions.length,
  total: whole.total,
  estimatedCalls: { ...whole.estimatedCalls },
  shardSizes: shardSizes(
    whole.questions.map((question) => question.id),
    count,
  ),
});

const warningOf = (plan: RunPlan) => textOnlyWarning(plan.target, plan.dataset.questions) ?? null;

function plannedRun(plan: RunPlan, extra: Pick<PlannedRun, 'whole' | 'identity'>): PlannedRun {
  const { selection, estimatedCalls } = plan;
  return {
    targetId: plan.target.id,
    datasetId: plan.dataset.dataset.id,
    datasetVersion: plan.dataset.dataset.version,
    questions: plan.questions.length,
    selection: {
      questionIds: selection.questionIds ? [...selection.questionIds] : null,
      repeat: selection.repeat,
      shard: selection.shard,
    },
    total: plan.total,
    graders: [...plan.target.graders],
    estimatedCalls: { ...estimatedCalls },
    warning: warningOf(plan),
    ...(extra.whole ? { whole: extra.whole } : {}),
    ...(extra.identity ? { identity: extra.identity } : {}),
  };
}

/**
 * The preflight of the runs about to start, every check at once; when it finds no problem, the local checks of their
 * Ollama models, one plan after the other.
 */
async function preflightOf(
  context: PreflightContext,
  checks: readonly PreflightCheck[],
  local?: RunDeps['criteriaOf'],
): Promise<BatchPreflight> {
  const report = await runPreflight({ ...context, plans: context.plans.filter((plan) => plan.total > 0) }, checks);
  if (!report.ok || !local) return { problems: report.problems, findings: [] };
  const findings: BatchPreflight['findings'] = [];
  for (const plan of context.plans)
    for (const finding of await localPreflight(plan, context.workspace, local, context.signal))
      findings.push({ targetId: plan.target.id, ...finding });
  return { problems: [], findings };
}

const contextOf = (
  state: AppState,
  deps: RunDeps,
  plans: readonly RunPlan[],
  signal: AbortSignal | undefined,
): PreflightContext => ({
  workspace: deps.workspace,
  plans,
  keysFor: connectionKeys(state),
  trusted: deps.trusted,
  signal,
});

/** `runs.plan`: every target planned before any starts, so a mistake in the last one surfaces before the first runs. */
export async function planBatch(
  state: AppState,
  deps: RunDeps,
  request: In<Contract, 'runs.plan'>,
  signal?: AbortSignal,
): Promise<Out<Contract, 'runs.plan'>> {
  if (request.preflight) forgetAdminAnswers();
  const { workspace } = deps;
  const { chosen, stray } = spreadQuestions(workspace, request.targetIds, request.questionIds);
  if (stray.length > 0) return { stray, plans: [], preflight: null };
  const { repeat, shard, source } = request;
  const planOf = (targetId: string, questionIds: readonly string[] | null, slice: ShardSpec | null) =>
    planRun(workspace, targetId, { questionIds, repeat, shard: slice }, deps.graders, deps.trusted);
  const plans = [...chosen].map(([targetId, questionIds]) => planOf(targetId, questionIds, shard));
  const { appVersion } = deps;
  const planned = plans.map((plan) =>
    plannedRun(plan, {
      whole:
        request.shards && shard
          ? sharesOf(planOf(plan.target.id, plan.selection.questionIds, null), shard.count)
          : undefined,
      identity:
        plan.total === 0
          ? buildIdentity({ workspace, plan, source, appVersion, judgeTemplates: deps.judgeTemplates() })
          : undefined,
    }),
  );
  const preflight = request.preflight
    ? await preflightOf(contextOf(state, deps, plans, signal), PREFLIGHT_CHECKS, deps.criteriaOf)
    : null;
  return { stray: [], plans: planned, preflight };
}

/** `runs.planStored`: a stored run's plan as its resume (the selection it was planned with) or regrade sees it. */
export async function planStored(
  state: AppState,
  deps: RunDeps,
  { runId, purpose, preflight }: In<Contract, 'runs.planStored'>,
  signal?: AbortSignal,
): Promise<Out<Contract, 'runs.planStored'>> {
  if (preflight) forgetAdminAnswers();
  const stored = await state.db.runs.get(runId);
  if (!stored) return { warning: null, preflight: null };
  const { workspace, graders } = deps;
  if (purpose === 'regrade') {
    // As the regrade plans it: it starts no MCP server, so the workspace's trust does not limit the plan.
    const plan = planRun(workspace, stored.targetId, { questionIds: null, repeat: 1, shard: null }, graders, true);
    return {
      warning: null,
      preflight: preflight ? await preflightOf(contextOf(state, deps, [plan], signal), REGRADE_CHECKS) : null,
    };
  }
  const plan = planRun(workspace, stored.targetId, stored.identity.selection, graders, deps.trusted);
  return {
    warning: warningOf(plan),
    preflight: preflight ? await preflightOf(contextOf(state, deps, [plan], signal), PREFLIGHT_CHECKS) : null,
  };
}
