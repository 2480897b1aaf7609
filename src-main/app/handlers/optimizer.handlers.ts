// Handlers for the optimizer: background jobs over the service's runs, the stored candidates and their review actions.
import { userInfo } from 'node:os';
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import {
  applyCandidate,
  rejectCandidate,
  revertCandidate,
  type PromptFile,
} from '../../engine/optimizer/candidate-actions';
import { candidateDetail } from '../../engine/optimizer/candidate-detail';
import { type CompareArm, compareVariants } from '../../engine/optimizer/compare-variants';
import type { PromptRunner } from '../../engine/optimizer/measure';
import { optimizerPlan, optimizeTarget } from '../../engine/optimizer/optimize-target';
import { OptimizerJobs } from '../../engine/optimizer/optimizer-jobs';
import { workspaceProposer } from '../../engine/optimizer/proposer';
import { OptimizerRefusal } from '../../engine/optimizer/question-sets';
import { withSystemPrompt } from '../../engine/optimizer/system-prompt-yaml';
import { GRADERS } from '../../engine/grading/registry';
import { planRun, type RunPlan } from '../../engine/run/plan';
import type { RunManager } from '../../engine/run/run-manager';
import { newRunId, withOverrides } from '../../engine/run/start-run';
import { hasErrors } from '../../workspace/load-workspace';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import type { ServiceRuns } from '../service-runs';
import { saveConfig } from './targets.handlers';

/** The service's optimizer jobs, reporting through the event hub. */
export const serviceOptimizerJobs = (state: AppState): OptimizerJobs =>
  new OptimizerJobs(
    {
      progressed: (p) => state.events.emit('optimizer.progressed', p),
      finished: (f) => state.events.emit('optimizer.finished', f),
    },
    state.clock,
  );

/** Ordinary runs of the service with the prompt to measure; a cancelled job cancels its run. */
function promptRunner(runs: RunManager): PromptRunner {
  return async (request, signal) => {
    const started = await runs.start({
      targetId: request.targetId,
      selection: { questionIds: request.questionIds, repeat: request.repeat, shard: null },
      source: 'manual',
      systemPrompt: request.systemPrompt,
      ...(request.model ? { model: request.model } : {}),
      variant: request.promptVariant,
    });
    const cancel = () => runs.cancel(started.runId);
    signal.addEventListener('abort', cancel, { once: true });
    if (signal.aborted) cancel();
    return {
      runId: started.runId,
      finished: started.finished.finally(() => signal.removeEventListener('abort', cancel)),
    };
  };
}

/** aieval.yaml of the open workspace: the prompt of a target, and a validated, comment-keeping write of it. */
function promptFile(state: AppState): PromptFile {
  return {
    currentPrompt(targetId) {
      const target = state.validWorkspace().config.targets.find((candidate) => candidate.id === targetId);
      if (!target) throw new RpcError('not_found', `No target "${targetId}" in aieval.yaml any more.`);
      return target.system_prompt;
    },
    writePrompt(targetId, prompt) {
      const { issues } = saveConfig(state, (text) => withSystemPrompt(text, targetId, prompt));
      if (hasErrors(issues))
        throw new RpcError(
          'invalid_workspace',
          `aieval.yaml would not validate with the new prompt of "${targetId}"; nothing was written.`,
          issues,
        );
    },
  };
}

const actorOf = (ctx: Ctx) => `${userInfo().username} (${ctx.transport})`;

/** How a caller asks to propose even when the baseline clears its gate: the CLI's flag, the app's box. */
const CLI_PROPOSE = '--propose looks for a better prompt anyway';
const APP_PROPOSE = 'tick “even if it passes its gate” to look for a better prompt anyway';

export const optimizerHandlers = (state: AppState, runs: ServiceRuns, jobs: OptimizerJobs) => {
  const startRun = promptRunner(runs.manager);
  const detail = async (id: string) => {
    const record = await state.db.optimizer.get(id);
    if (!record) throw new RpcError('not_found', `No optimizer candidate "${id}" in this workspace.`);
    return candidateDetail(state.db, record);
  };
  const act = async (
    id: string,
    action: (input: { id: string; actor: string; reason: string; now: number }) => Promise<unknown>,
    ctx: Ctx,
    reason: string,
  ) => {
    await action({ id, actor: actorOf(ctx), reason, now: state.clock() });
    return detail(id);
  };
  /** A comparison job of a target's variants, refused up front when the target cannot run (or a model is unknown). */
  const startComparison = (targetId: string, repeat: number, armsOf: (target: RunPlan['target']) => CompareArm[]) => {
    const workspace = state.validWorkspace();
    const plan = planRun(workspace, targetId, { questionIds: null, repeat, shard: null }, GRADERS, state.isTrusted());
    const arms = armsOf(plan.target);
    // What each run would refuse (an unknown connection, an external agent with no model to swap) refuses now.
    for (const arm of arms) withOverrides(plan, workspace.config, arm.prompt, arm.model);
    const job = jobs.start('compare', targetId, async (handle, signal) => ({
      comparison: await compareVariants(
        { targetId, arms, repeat },
        { db: state.db, startRun, progress: handle.progress },
        signal,
      ),
    }));
    return { jobId: job.id };
  };
  return {
    'optimizer.start': (input, ctx) => {
      const workspace = state.validWorkspace();
      const { sets } = optimizerPlan(workspace, input.targetId, input.split);
      // Refuse now what every run would refuse later (an untrusted workspace's stdio tools, a missing grader).
      planRun(
        workspace,
        input.targetId,
        { questionIds: sets.runQuestionIds, repeat: 1, shard: null },
        GRADERS,
        state.isTrusted(),
      );
      // The runs' wiring: keys by the workspace's trust, the shared limiters, the app's cassette when it records.
      const proposer = workspaceProposer(workspace, runs.deps());
      const job = jobs.start('optimize', input.targetId, async (handle, signal) => {
        const deps = {
          db: state.db,
          clock: state.clock,
          startRun,
          proposer,
          progress: handle.progress,
          newId: () => `cand-${newRunId(state.clock())}`,
          autoApply: async (record: { id: string; decisionReason: string }) => {
            await applyCandidate(state.db, promptFile(state), {
              id: record.id,
              actor: 'optimizer (settings.optimizer.require_review: false)',
              reason: record.decisionReason,
              now: state.clock(),
            });
          },
        };
        return {
          outcome: await optimizeTarget(
            workspace,
            input.targetId,
            { ...input, jobId: handle.id, proposeHint: ctx.transport === 'cli' ? CLI_PROPOSE : APP_PROPOSE },
            deps,
            signal,
          ),
        };
      });
      return { jobId: job.id };
    },
    'optimizer.compareVariants': ({ targetId, prompts, repeat }) =>
      startComparison(targetId, repeat, () => prompts.map((prompt) => ({ prompt }))),
    'optimizer.compareModels': ({ targetId, models, repeat }) =>
      startComparison(targetId, repeat, (target) => {
        const duplicate = models.find(
          (model, i) =>
            models.findIndex((other) => other.provider === model.provider && other.model === model.model) !== i,
        );
        if (duplicate)
          throw new OptimizerRefusal(`${duplicate.provider}/${duplicate.model} is listed twice; give each model once.`);
        // Every model answers the prompt aieval.yaml has now, read once so an edit mid-comparison changes nothing.
        return models.map((model) => ({ prompt: target.system_prompt, model }));
      }),
    'optimizer.job': ({ jobId }) => {
      const job = jobs.get(jobId);
      if (!job) throw new RpcError('not_found', `No optimizer job "${jobId}" in this session.`);
      return job;
    },
    'optimizer.jobs': ({ targetId }) => jobs.list(targetId),
    'optimizer.cancel': ({ jobId }) => ({ cancelled: jobs.cancel(jobId) }),
    'optimizer.candidates': ({ targetId, limit }) => state.db.optimizer.list({ targetId, limit }),
    'optimizer.get': ({ id }) => detail(id),
    'optimizer.apply': ({ id, reason }, ctx) =>
      act(id, (input) => applyCandidate(state.db, promptFile(state), input), ctx, reason),
    'optimizer.reject': ({ id, reason }, ctx) => act(id, (input) => rejectCandidate(state.db, input), ctx, reason),
    'optimizer.revert': ({ id, reason }, ctx) =>
      act(id, (input) => revertCandidate(state.db, promptFile(state), input), ctx, reason),
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
