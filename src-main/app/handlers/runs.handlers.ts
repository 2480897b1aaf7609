// Handlers for runs: start, cancel and read runs, page results, runs side by side, trends for sparklines and the dashboard.
import { loadRunMatrix, MatrixRunNotFound } from '../../engine/compare/run-matrix';
import { exportRunOnComplete } from '../../engine/export/export-runs';
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { GRADERS } from '../../engine/graders/registry';
import { runPreflight } from '../../engine/preflight/preflight';
import { PlanError, planRun } from '../../engine/run/plan';
import { defaultRunDeps } from '../../engine/run/run-deps';
import { RunConflictError, STALE_AFTER_MS } from '../../engine/run/run-lock';
import { RunManager } from '../../engine/run/run-manager';
import { LimiterRegistry } from '../../engine/run/run-services';
import { ProviderConfigError } from '../../engine/providers/create-provider';
import type { AppState } from '../app-state';
import { connectionKeys } from '../connections';
import type { Ctx } from '../ctx';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The service's run manager: runs see the workspace as it is when they start, and report through the event hub. */
export function serviceRunManager(state: AppState): RunManager {
  const limiters = new LimiterRegistry();
  return new RunManager(() => {
    const workspace = state.validWorkspace();
    return defaultRunDeps({
      db: state.db,
      workspace,
      trusted: state.isTrusted(),
      clock: state.clock,
      // Keys by the workspace's trust: the keychain or environment when trusted, restricted mode when not (SPEC 15).
      keysFor: connectionKeys(state),
      limiters,
      resourcesDir: state.options.resourcesDir,
      recorder: state.options.recorder,
      onProgress: (progress) => state.events.emit('runs.progressed', progress),
      onFinished: (finished) => {
        state.events.emit('runs.finished', finished);
        void exportRunOnComplete(state, finished.runId);
      },
    });
  });
}

/** Engine refusals become contract errors with their message intact. */
async function refusalsAsRpc<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RunConflictError) throw new RpcError('conflict', error.message, { runId: error.holder.runId });
    if (error instanceof PlanError || error instanceof ProviderConfigError)
      throw new RpcError('bad_input', error.message);
    throw error;
  }
}

export const runsHandlers = (state: AppState, runs: RunManager) =>
  ({
    'runs.start': ({ targetId, questionIds, repeat }) =>
      refusalsAsRpc(async () => {
        const started = await runs.start({
          targetId,
          selection: { questionIds: questionIds ?? null, repeat: repeat ?? 1, shard: null },
          source: 'manual',
        });
        return { runId: started.runId, total: started.total };
      }),
    'runs.preflight': ({ targetId, questionIds }) =>
      refusalsAsRpc(() => {
        const workspace = state.validWorkspace();
        const selection = { questionIds: questionIds ?? null, repeat: 1, shard: null };
        const plan = planRun(workspace, targetId, selection, GRADERS, state.isTrusted());
        return runPreflight({
          workspace,
          plans: [plan],
          keysFor: connectionKeys(state),
          trusted: state.isTrusted(),
        });
      }),
    'runs.cancel': ({ runId }) => ({ cancelled: runs.cancel(runId) }),
    'runs.list': (query) => state.db.runs.list(query),
    'runs.get': async ({ runId }) => {
      const run = await state.db.runs.get(runId);
      if (!run) throw new RpcError('not_found', `No run "${runId}" in this workspace.`);
      const { identity, verdict, ...summary } = run;
      const tally = await state.db.results.tally(runId);
      const counts = {
        total: run.total,
        done: run.done,
        scored: tally.scored,
        unscored: tally.unscored,
        degraded: tally.degraded,
        passed: tally.passed,
        errors: tally.errors,
      };
      return { run: summary, verdict, identity, counts };
    },
    'results.page': (query) => state.db.resultPages.page(query),
    'results.get': async ({ resultId }) => {
      const result = await state.db.results.get(resultId);
      if (!result) throw new RpcError('not_found', `No result ${resultId} in this workspace.`);
      return result;
    },
    'runs.matrix': async ({ runIds, baseline }) => {
      if (new Set(runIds).size !== runIds.length) throw new RpcError('bad_input', 'A run can be a column only once.');
      if (baseline >= runIds.length)
        throw new RpcError(
          'bad_input',
          `The baseline is column ${baseline + 1} of ${runIds.length}: there is no such column.`,
        );
      const datasets = state.workspace().datasets;
      try {
        return await loadRunMatrix(state.db, runIds, baseline, (run) => {
          const dataset = datasets.get(run.datasetId)?.dataset;
          const tags = new Map(dataset?.questions.map((question) => [question.id, question.tags ?? []]));
          return (questionId) => tags.get(questionId) ?? [];
        });
      } catch (error) {
        if (error instanceof MatrixRunNotFound) throw new RpcError('not_found', error.message);
        throw error;
      }
    },
    'targets.history': ({ targetId, limit }) => state.db.runs.history(targetId, limit),
    'dashboard.summary': async ({ targetId }) => {
      const now = state.clock();
      const [thisWeek, lastWeek, latest, locks] = await Promise.all([
        state.db.runs.weekStats(now - WEEK_MS, now + 1, targetId),
        state.db.runs.weekStats(now - 2 * WEEK_MS, now - WEEK_MS, targetId),
        state.db.runs.latestComplete(),
        state.db.runLocks.all(),
      ]);
      const targets = (state.workspace().config?.targets ?? []).map((target) => {
        const last = latest.find((run) => run.targetId === target.id);
        const lock = locks.find((held) => held.targetId === target.id && now - held.heartbeatAt <= STALE_AFTER_MS);
        return {
          targetId: target.id,
          label: target.label ?? target.id,
          lastRunId: last?.runId ?? null,
          lastFinishedAt: last?.finishedAt ?? null,
          passed: last?.passed ?? null,
          avgScore: last?.avgScore ?? null,
          passRate: last?.passRate ?? null,
          errors: last?.errors ?? 0,
          runningRunId: lock?.runId ?? null,
        };
      });
      return { thisWeek, lastWeek, targets };
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;
