// The only composition root: builds the service (state + handlers + router) for every shell and the tests.
import type { Contract } from '../../src-shared/contract';
import { contract } from '../../src-shared/contract';
import { workspaceContract } from '../../src-shared/contract/workspace.contract';
import type { Handlers } from '../../src-shared/rpc/define';
import { createRouter, type Dispatch } from '../../src-shared/rpc/router';
import type { Envelope } from '../../src-shared/rpc/wire';
import { AppState, type AppOptions } from './app-state';
import type { Ctx } from '../../src-shared/rpc/ctx';
import { environmentRefusal } from '../../src-shared/rpc/environment-refusal';
import { pathRefusal } from '../../src-shared/rpc/path-refusal';
import { OtlpReceiver, type ReceiverRoute } from '../engine/traces/otlp-receiver';
import { insightsHandlers } from './handlers/insights.handlers';
import { datasetsHandlers } from './handlers/datasets.handlers';
import { exportHandlers } from './handlers/export.handlers';
import { historyHandlers } from './handlers/history.handlers';
import { judgeProbesHandlers } from './handlers/judge-probes.handlers';
import { judgesHandlers } from './handlers/judges.handlers';
import { optimizerHandlers, serviceOptimizerJobs } from './handlers/optimizer.handlers';
import { labelsHandlers } from './handlers/labels.handlers';
import { providersHandlers } from './handlers/providers.handlers';
import { runBatchHandlers } from './handlers/run-batch.handlers';
import { runsHandlers } from './handlers/runs.handlers';
import { secretsHandlers } from './handlers/secrets.handlers';
import { teamStoreHandlers } from './handlers/team-store.handlers';
import { targetsHandlers } from './handlers/targets.handlers';
import { tracesHandlers } from './handlers/traces.handlers';
import { userSettingsHandlers } from './handlers/user-settings.handlers';
import { workspaceHandlers } from './handlers/workspace.handlers';
import { serviceRuns } from './service-runs';

export type App = Readonly<{
  state: AppState;
  dispatch: Dispatch<Ctx>;
  events: AppState['events'];
  /** Extra HTTP routes for `ai-eval serve` (the OTLP receiver's POST /v1/traces, which writes to the store). */
  routes(): Promise<readonly ReceiverRoute[]>;
  dispose(): Promise<void>;
}>;

export function createApp(options: AppOptions): App {
  const state = new AppState(options);
  if (options.watchWorkspace !== false) state.watchFiles();
  const receiver = new OtlpReceiver({
    store: () => state.db.traces,
    clock: state.clock,
    onReceived: (r) => state.events.emit('traces.received', r),
  });
  const runs = serviceRuns(state);
  const optimizerJobs = serviceOptimizerJobs(state);
  const handlers = {
    ...workspaceHandlers(state),
    ...datasetsHandlers(state),
    ...targetsHandlers(state),
    ...judgesHandlers(state),
    ...judgeProbesHandlers(state),
    ...tracesHandlers(state, receiver),
    ...labelsHandlers(state),
    ...providersHandlers(state),
    ...runsHandlers(state, runs),
    ...optimizerHandlers(state, runs, optimizerJobs),
    ...exportHandlers(state),
    ...secretsHandlers(state),
    ...insightsHandlers(state),
    ...runBatchHandlers(state, runs),
    ...historyHandlers(state),
    ...userSettingsHandlers(state),
    ...teamStoreHandlers(state),
  } satisfies Handlers<Contract, Ctx>;
  const route = createRouter<Ctx>(contract, handlers, {
    checkOutputs: options.checkOutputs,
    onInternalError: (method, error) => options.logger.error(`${method} failed`, error),
    refusalOf: (error) => environmentRefusal(error) ?? pathRefusal(error),
  });
  // Every call but the workspace's may use the store: its code (better-sqlite3, the repositories) loads, and its index
  // of the label files is brought up to date, before the first such call, so `ai-eval validate`, `init` and `trust`
  // never load it. Once ready, a call is routed at once (a cancel reaches a running import without waiting a turn).
  const dispatch: Dispatch<Ctx> = (method, input, ctx) =>
    state.storeReady || Object.hasOwn(workspaceContract, method)
      ? route(method, input, ctx)
      : state.prepareStore().then(
          () => route(method, input, ctx),
          (error: unknown): Envelope => {
            options.logger.error('the store could not be loaded', error);
            return {
              ok: false,
              error: { code: 'internal', message: `The store could not be loaded: ${String(error)}` },
            };
          },
        );
  return {
    state,
    dispatch,
    events: state.events,
    routes: async () => {
      await state.loadStore();
      return [receiver.route];
    },
    async dispose() {
      await receiver.stop();
      await optimizerJobs.cancelAll();
      await runs.manager.cancelAll();
      // An export on complete still writing reads the store: let it end before the store closes.
      await runs.exported();
      await state.settle();
      await state.close();
    },
  };
}
