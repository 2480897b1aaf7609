// Handlers for runs: start, cancel and read runs, page results, runs side by side, trends for sparklines and the dashboard.
import {
  buildMatrix,
  loadMatrixSources,
  matrixStatistics,
  type MatrixSource,
  withMatrixStatistics,
} from '../../engine/compare/run-matrix';
import type { RunRecord } from '../../store/repos/runs.repo';
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { GRADERS } from '../../engine/grading/registry';
import { refuseOnPreflight, runPreflight } from '../../engine/preflight/preflight';
import { forgetAdminAnswers } from '../../engine/providers/ollama-models';
import type { PreflightContext } from '../../engine/preflight/preflight-check';
import { planRun, type Selection } from '../../engine/run/plan';
import { lockedTarget, STALE_AFTER_MS } from '../../engine/run/run-lock';
import type { AppState } from '../app-state';
import { connectionKeys } from '../connections';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import type { ServiceRuns } from '../service-runs';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The runs of a matrix read from the store, once the columns and baseline make sense. */
async function matrixSources(state: AppState, runIds: readonly string[], baseline: number): Promise<MatrixSource[]> {
  if (new Set(runIds).size !== runIds.length) throw new RpcError('bad_input', 'A run can be a column only once.');
  if (baseline >= runIds.length)
    throw new RpcError(
      'bad_input',
      `The baseline is column ${baseline + 1} of ${runIds.length}: there is no such column.`,
    );
  return loadMatrixSources(state.db, runIds);
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

export const runsHandlers = (state: AppState, { manager: runs }: ServiceRuns) =>
  ({
    'runs.start': async ({ targetId, questionIds, repeat, adaptive, shard, source, concurrency, skipPreflight }) => {
      const selection = {
        questionIds: questionIds ?? null,
        repeat: repeat ?? 1,
        shard: shard ?? null,
        ...(adaptive ? { adaptive } : {}),
      };
      if (!skipPreflight) {
        forgetAdminAnswers();
        await refuseOnPreflight(preflightContext(state, targetId, selection));
      }
      const started = await runs.start({ targetId, selection, source: source ?? 'manual', concurrency });
      return { runId: started.runId, total: started.total };
    },
    'runs.resume': async ({ runId, concurrency }) => {
      const started = await runs.resume(runId, concurrency);
      return { runId: started.runId, total: started.total };
    },
    'runs.regrade': async ({ runId, source, concurrency }) => {
      const started = await runs.regrade(runId, { source: source ?? 'manual', concurrency });
      const { target } = started.plan;
      return { runId: started.runId, total: started.total, targetId: target.id, graders: target.graders };
    },
    'runs.preflight': ({ targetId, questionIds }) =>
      runPreflight(preflightContext(state, targetId, { questionIds: questionIds ?? null, repeat: 1, shard: null })),
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
        const lock = locks.find(
          (held) => lockedTarget(held.targetId) === target.id && now - held.heartbeatAt <= STALE_AFTER_MS,
        );
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
