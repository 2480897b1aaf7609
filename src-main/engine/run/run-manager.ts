// The service's runs in flight: starts them in the background, cancels them, and drains them on shutdown.
import type { RunFinished } from '../../../src-shared/model';
import type { RunDeps } from './run-execution';
import { startRegrade, type RegradeOptions } from './regrade';
import { resumeRun, startRun, type RunRequest, type StartedRun } from './start-run';

type Active = { controller: AbortController; finished: Promise<RunFinished> };

export class RunManager {
  private readonly active = new Map<string, Active>();

  /** `deps()` is called per run, so each run sees the workspace as it is when it starts. */
  constructor(private readonly deps: () => RunDeps) {}

  start(request: RunRequest): Promise<StartedRun> {
    return this.track((deps, signal) => startRun(request, deps, signal));
  }

  resume(runId: string, concurrency?: number): Promise<StartedRun> {
    return this.track((deps, signal) => resumeRun(runId, deps, { concurrency }, signal));
  }

  regrade(runId: string, options: RegradeOptions): Promise<StartedRun> {
    return this.track((deps, signal) => startRegrade(runId, deps, options, signal));
  }

  /** Cancels a run of this process; false when it is not running here. */
  cancel(runId: string): boolean {
    const run = this.active.get(runId);
    if (!run) return false;
    run.controller.abort();
    return true;
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  /** Cancels every run and waits until each has recorded its end (before the store closes). */
  async cancelAll(): Promise<void> {
    const runs = [...this.active.values()];
    for (const run of runs) run.controller.abort();
    await Promise.allSettled(runs.map((run) => run.finished));
  }

  private async track(begin: (deps: RunDeps, signal: AbortSignal) => Promise<StartedRun>): Promise<StartedRun> {
    const controller = new AbortController();
    const started = await begin(this.deps(), controller.signal);
    const finished = started.finished.finally(() => this.active.delete(started.runId));
    this.active.set(started.runId, { controller, finished });
    return { ...started, finished };
  }
}
