// The service's optimizer jobs: one at a time per target, run in the background, followed by events, cancellable.
import type {
  OptimizerFinished,
  OptimizerJob,
  OptimizerProgress,
  TargetOutcome,
  VariantComparison,
} from '../../../src-shared/model';
import { startingJob } from '../../../src-shared/model';
import { newRunId } from '../run/start-run';
import { refusal } from '../../../src-shared/rpc/wire';
import { messageOf } from '../../../src-shared/text/message-of';

/** How many progress lines a job keeps (the events carry every line). */
export const LOG_LINES = 200;
/** How many jobs a session remembers; the oldest finished ones are forgotten first (their candidates stay stored). */
export const KEPT_JOBS = 50;

export type JobEvents = Readonly<{
  progressed(progress: OptimizerProgress): void;
  finished(finished: OptimizerFinished): void;
}>;

export type JobResult = Readonly<{ outcome?: TargetOutcome; comparison?: VariantComparison }>;

/** What a job's work reports through. */
export type JobHandle = Readonly<{ id: string; progress(message: string, runId?: string): void }>;

/** A second job for a target that already has one running. */
export class JobConflictError extends refusal('conflict', 'JobConflictError') {}

type Entry = { job: OptimizerJob; controller: AbortController; done: Promise<void> };

export class OptimizerJobs {
  private readonly jobs = new Map<string, Entry>();

  constructor(
    private readonly events: JobEvents,
    private readonly clock: () => number,
  ) {}

  /** Starts `work` in the background and returns the job at once. */
  start(
    kind: OptimizerJob['kind'],
    targetId: string,
    work: (job: JobHandle, signal: AbortSignal) => Promise<JobResult>,
  ): OptimizerJob {
    const running = [...this.jobs.values()].find(
      (entry) => entry.job.targetId === targetId && entry.job.status === 'running',
    );
    if (running)
      throw new JobConflictError(
        `target "${targetId}" already has an optimizer job running (${running.job.id}); wait for it or cancel it`,
      );
    const id = `opt-${newRunId(this.clock())}`;
    const job = startingJob(id, kind, targetId, this.clock());
    const controller = new AbortController();
    const entry: Entry = { job, controller, done: Promise.resolve() };
    this.jobs.set(id, entry);
    this.forgetOld();
    const handle: JobHandle = {
      id,
      progress: (message, runId) => {
        entry.job = {
          ...entry.job,
          log: [...entry.job.log, message].slice(-LOG_LINES),
          runId: runId ?? entry.job.runId,
        };
        this.events.progressed({ jobId: id, targetId, message, runId: runId ?? null });
      },
    };
    entry.done = work(handle, controller.signal).then(
      (result) => this.finish(entry, controller.signal.aborted ? 'cancelled' : 'done', null, result),
      (error: unknown) => this.finish(entry, controller.signal.aborted ? 'cancelled' : 'error', messageOf(error), {}),
    );
    return job;
  }

  get(id: string): OptimizerJob | undefined {
    return this.jobs.get(id)?.job;
  }

  list(targetId?: string): OptimizerJob[] {
    return [...this.jobs.values()]
      .map((entry) => entry.job)
      .filter((job) => !targetId || job.targetId === targetId)
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  /** Cancels a running job; false when it is unknown or already over. */
  cancel(id: string): boolean {
    const entry = this.jobs.get(id);
    if (!entry || entry.job.status !== 'running') return false;
    entry.controller.abort();
    return true;
  }

  /** Cancels every job and waits until each has ended (before the store closes). */
  async cancelAll(): Promise<void> {
    const entries = [...this.jobs.values()];
    for (const entry of entries) entry.controller.abort();
    await Promise.allSettled(entries.map((entry) => entry.done));
  }

  private forgetOld(): void {
    const finished = [...this.jobs.values()]
      .filter((entry) => entry.job.status !== 'running')
      .sort((a, b) => a.job.startedAt - b.job.startedAt);
    for (const entry of finished.slice(0, Math.max(0, this.jobs.size - KEPT_JOBS))) this.jobs.delete(entry.job.id);
  }

  private finish(entry: Entry, status: OptimizerJob['status'], error: string | null, result: JobResult): void {
    entry.job = {
      ...entry.job,
      status,
      error,
      finishedAt: this.clock(),
      runId: null,
      outcome: result.outcome ?? null,
      comparison: result.comparison ?? null,
    };
    this.events.finished({ jobId: entry.job.id, targetId: entry.job.targetId, kind: entry.job.kind, status, error });
  }
}
