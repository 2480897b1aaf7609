// Handlers for runs: start, cancel and read runs, page results, runs side by side, trends for sparklines and the dashboard.
import {
  buildMatrix,
  loadMatrixSources,
  matrixStatistics,
  MatrixRunNotFound,
  type MatrixSource,
  withMatrixStatistics,
} from '../../engine/compare/run-matrix';
import type { RunRecord } from '../../store/repos/runs.repo';
import { exportRunOnComplete } from '../../engine/export/export-runs';
import type { Contract } from '../../../src-shared/contract';
import type { PreflightRefusal } from '../../../src-shared/contract/runs.contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { GRADERS } from '../../engine/graders/registry';
import { PreflightError, refuseOnPreflight, runPreflight } from '../../engine/preflight/preflight';
import type { PreflightContext } from '../../engine/preflight/preflight-check';
import { PlanError, planRun, type Selection } from '../../engine/run/plan';
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
    if (error instanceof PreflightError)
      throw new RpcError('bad_input', error.message, { preflight: [...error.problems] } satisfies PreflightRefusal);
    throw error;
  }
}

/** The runs of a matrix read from the store, once the columns and baseline make sense. */
async function matrixSources(state: AppState, runIds: readonly string[], baseline: number): Promise<MatrixSource[]> {
  if (new Set(runIds).size !== runIds.length) throw new RpcError('bad_input', 'A run can be a column only once.');
  if (baseline >= runIds.length)
    throw new RpcError(
      'bad_input',
      `The baseline is column ${baseline + 1} of ${runIds.length}: there is no such column.`,
    );
  try {
    return await loadMatrixSources(state.db, runIds);
  } catch (error) {
    if (error instanceof MatrixRunNotFound) throw new RpcError('not_found', error.message);
    throw error;
  }
}

/** The tags of the questions of a run's dataset as the workspace has them now. */
function tagsOf(state: AppState, run: RunRecord): (questionId: string) => readonly string[] {
  const dataset = state.workspace().datasets.get(run.datasetId)?.dataset;
  const tags = new Map(dataset?.questions.map((question) => [question.id, question.tags ?? []]));
  return (questionId) => tags.get(questionId) ?? [];
}

/** What the preflight of a run of this target checks: the workspace as it is now, keys by its trust. */
function preflightContext(state: AppState, targetId: string, selection: Selection): PreflightContext {
  const workspace = state.validWorkspace();
  const trusted = state.isTrusted();
  const plan = planRun(workspace, targetId, selection, GRADERS, trusted);
  return { workspace, plans: [plan], keysFor: connectionKeys(state), trusted };
}

export const runsHandlers = (state: AppState, runs: RunManager) =>
  ({
    'runs.start': ({ targetId, questionIds, repeat, skipPreflight }) =>
      refusalsAsRpc(async () => {
        const selection = { questionIds: questionIds ?? null, repeat: repeat ?? 1, shard: null };
        if (!skipPreflight) await refuseOnPreflight(preflightContext(state, targetId, selection));
        const started = await runs.start({ targetId, selection, source: 'manual' });
        return { runId: started.runId, total: started.total };
      }),
    'runs.preflight': ({ targetId, questionIds }) =>
      refusalsAsRpc(() =>
        runPreflight(preflightContext(state, targetId, { questionIds: questionIds ?? null, repeat: 1, shard: null })),
      ),
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
    'runs.matrix': async ({ runIds, baseline, statistics }) => {
      const sources = await matrixSources(state, runIds, baseline);
      const matrix = buildMatrix(sources, { baseline, tagsOf: tagsOf(state, sources[baseline]!.run) });
      return statistics ? withMatrixStatistics(matrix, sources) : matrix;
    },
    'runs.matrixStatistics': async ({ runIds, baseline }) =>
      matrixStatistics(await matrixSources(state, runIds, baseline), baseline),
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
