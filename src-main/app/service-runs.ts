// The service's one run wiring: run deps with keys by the workspace's trust, one limiter registry, the run manager.
import { exportRunOnComplete } from './export-deps';
import { shareRateLimits } from '../engine/run/rate-share';
import { defaultRunDeps } from '../engine/run/run-deps';
import type { RunDeps } from '../engine/run/run-execution';
import { RunManager } from '../engine/run/run-manager';
import { LimiterRegistry } from '../engine/run/run-services';
import type { AppState } from './app-state';
import { connectionKeys } from './connections';

export type ServiceRuns = Readonly<{
  /** Every run and the optimizer's proposer share it, so one provider's limits hold across them. */
  limiters: LimiterRegistry;
  manager: RunManager;
  /** What a run started now is built with: the workspace as it is now, its connections' keys by its trust. */
  deps(): RunDeps;
  /** Resolves when every export on complete (settings.export_envelope_on_complete) started so far has ended. */
  exported(): Promise<void>;
}>;

export function serviceRuns(state: AppState): ServiceRuns {
  const limiters = new LimiterRegistry();
  const exports = new Set<Promise<unknown>>();
  const deps = (): RunDeps =>
    defaultRunDeps({
      db: state.db,
      // A process started beside others on one provider account (`ai-eval run --rate-share`) takes its part.
      workspace: shareRateLimits(state.validWorkspace(), state.options.rateShare ?? 1),
      trusted: state.isTrusted(),
      clock: state.clock,
      // Keys by the workspace's trust: the keychain or environment when trusted, restricted mode when not (docs/security.md).
      keysFor: connectionKeys(state),
      limiters,
      resourcesDir: state.options.resourcesDir,
      recorder: state.options.recorder,
      onProgress: (progress) => state.events.emit('runs.progressed', progress),
      onFinished: (finished) => {
        state.events.emit('runs.finished', finished);
        const exporting = exportRunOnComplete(state, finished.runId);
        exports.add(exporting);
        void exporting.finally(() => exports.delete(exporting));
      },
    });
  return {
    limiters,
    manager: new RunManager(deps),
    deps,
    exported: async () => {
      await Promise.allSettled([...exports]);
    },
  };
}
