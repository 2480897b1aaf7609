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
    const deps = this.deps();
    // Forget the run before anyone hears it finished, so a cancel after `runs.finished` answers false.
    let endedEarly = false;
    const onFinished = (end: RunFinished) => {
      if (!this.active.delete(end.runId)) endedEarly = true;
      deps.onFinished?.(end);
    };
    const started = await begin({ ...deps, onFinished }, controller.signal);
    // A run with nothing left to do can end before `begin` returns; then it is never active.
    if (!endedEarly) this.active.set(started.runId, { controller, finished: started.finished });
    return started;
  }
}
