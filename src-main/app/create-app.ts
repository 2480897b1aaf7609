// The only composition root: builds the service (state + handlers + router) for every shell and the tests. Each
// domain's handlers load at the domain's first call, so a command loads only the code of the calls it makes.
import type { Contract } from '../../src-shared/contract';
import { contract } from '../../src-shared/contract';
import { datasetsContract } from '../../src-shared/contract/datasets.contract';
import { exportContract } from '../../src-shared/contract/export.contract';
import { insightsContract } from '../../src-shared/contract/insights.contract';
import { judgesContract } from '../../src-shared/contract/judges.contract';
import { labelsContract } from '../../src-shared/contract/labels.contract';
import { optimizerContract } from '../../src-shared/contract/optimizer.contract';
import { providersContract } from '../../src-shared/contract/providers.contract';
import { runBatchContract } from '../../src-shared/contract/run-batch.contract';
import { runsContract } from '../../src-shared/contract/runs.contract';
import { secretsContract } from '../../src-shared/contract/secrets.contract';
import { targetsContract } from '../../src-shared/contract/targets.contract';
import { tracesContract } from '../../src-shared/contract/traces.contract';
import { workspaceContract } from '../../src-shared/contract/workspace.contract';
import type { Handlers } from '../../src-shared/rpc/define';
import { environmentRefusal } from '../../src-shared/rpc/environment-refusal';
import { lazy, lazyHandlers } from '../../src-shared/rpc/lazy';
import { createRouter, type Dispatch } from '../../src-shared/rpc/router';
import type { ReceiverRoute } from '../engine/traces/otlp-receiver';
import { AppState, type AppOptions } from './app-state';
import type { Ctx } from './ctx';

export type App = Readonly<{
  state: AppState;
  dispatch: Dispatch<Ctx>;
  events: AppState['events'];
  /** Extra HTTP routes for `ai-eval serve` (the OTLP receiver's POST /v1/traces); loads the receiver. */
  routes(): Promise<readonly ReceiverRoute[]>;
  dispose(): Promise<void>;
}>;

export function createApp(options: AppOptions): App {
  const state = new AppState(options);
  if (options.watchWorkspace !== false) state.watchFiles();
  /** A domain that reads or writes the store: its handlers load with the store's code. */
  const storeDomain = <C extends Readonly<Record<string, unknown>>>(calls: C, load: () => Promise<Handlers<C, Ctx>>) =>
    lazyHandlers(calls, async () => {
      await state.loadStore();
      return load();
    });
  const receiver = lazy(async () => {
    const [{ OtlpReceiver }] = await Promise.all([import('../engine/traces/otlp-receiver'), state.loadStore()]);
    return new OtlpReceiver({
      store: () => state.db.traces,
      clock: state.clock,
      onReceived: (r) => state.events.emit('traces.received', r),
    });
  });
  const runs = lazy(async () => (await import('./service-runs')).serviceRuns(state));
  const optimizerJobs = lazy(async () => (await import('./handlers/optimizer.handlers')).serviceOptimizerJobs(state));
  const handlers = {
    ...lazyHandlers(workspaceContract, async () =>
      (await import('./handlers/workspace.handlers')).workspaceHandlers(state),
    ),
    ...storeDomain(datasetsContract, async () =>
      (await import('./handlers/datasets.handlers')).datasetsHandlers(state),
    ),
    ...storeDomain(targetsContract, async () => (await import('./handlers/targets.handlers')).targetsHandlers(state)),
    ...storeDomain(judgesContract, async () => (await import('./handlers/judges.handlers')).judgesHandlers(state)),
    ...storeDomain(tracesContract, async () =>
      (await import('./handlers/traces.handlers')).tracesHandlers(state, await receiver.get()),
    ),
    ...storeDomain(labelsContract, async () => (await import('./handlers/labels.handlers')).labelsHandlers(state)),
    ...storeDomain(providersContract, async () =>
      (await import('./handlers/providers.handlers')).providersHandlers(state),
    ),
    ...storeDomain(runsContract, async () =>
      (await import('./handlers/runs.handlers')).runsHandlers(state, await runs.get()),
    ),
    ...storeDomain(optimizerContract, async () =>
      (await import('./handlers/optimizer.handlers')).optimizerHandlers(
        state,
        await runs.get(),
        await optimizerJobs.get(),
      ),
    ),
    ...storeDomain(exportContract, async () => (await import('./handlers/export.handlers')).exportHandlers(state)),
    ...storeDomain(secretsContract, async () => (await import('./handlers/secrets.handlers')).secretsHandlers(state)),
    ...storeDomain(insightsContract, async () =>
      (await import('./handlers/insights.handlers')).insightsHandlers(state),
    ),
    ...storeDomain(runBatchContract, async () =>
      (await import('./handlers/run-batch.handlers')).runBatchHandlers(state, await runs.get()),
    ),
  } satisfies Handlers<Contract, Ctx>;
  const dispatch = createRouter<Ctx>(contract, handlers, {
    checkOutputs: options.checkOutputs,
    onInternalError: (method, error) => options.logger.error(`${method} failed`, error),
    refusalOf: environmentRefusal,
  });
  return {
    state,
    dispatch,
    events: state.events,
    routes: async () => [(await receiver.get()).route],
    async dispose() {
      await receiver.loaded()?.stop();
      await optimizerJobs.loaded()?.cancelAll();
      const started = runs.loaded();
      if (started) {
        await started.manager.cancelAll();
        // An export on complete still writing reads the store: let it end before the store closes.
        await started.exported();
      }
      state.close();
    },
  };
}
