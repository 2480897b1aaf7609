// Coalesces a run's per-question updates into at most one progress event per interval (100 ms by default).
import type { ProgressItem, RunProgress } from '../../../src-shared/model';
import { averageScore, doneCount, type Tally } from '../scoring/tally';

/** How many of the latest finished questions an event carries. */
export const LAST_ITEMS = 20;

export type ProgressOptions = Readonly<{
  runId: string;
  targetId: string;
  total: number;
  tally: Tally;
  /** Questions already done before this process started (resume), so the ETA only uses this process's pace. */
  doneAtStart: number;
  emit: (progress: RunProgress) => void;
  intervalMs?: number;
  now?: () => number;
  /** Repeats an adaptive run will not ask (their questions are settled): reported as saved, the total kept. */
  saved?: () => number;
  /** The run's phase and local-model figures at the time of each event. */
  status?: () => Pick<RunProgress, 'phase' | 'local'>;
}>;

export class ProgressThrottle {
  private readonly startedAt: number;
  private readonly now: () => number;
  private readonly intervalMs: number;
  private last: ProgressItem[] = [];
  private lastEmitAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? 100;
    this.startedAt = this.now();
  }

  /** Call after the tally was updated for `item`. */
  record(item: ProgressItem): void {
    this.last.push(item);
    if (this.last.length > LAST_ITEMS) this.last.shift();
    this.touch();
  }

  /** Something the status reports changed (a question answered, a phase begun): an event within the interval. */
  touch(): void {
    if (this.timer) return;
    const wait = this.lastEmitAt + this.intervalMs - this.now();
    if (wait <= 0) this.emitNow();
    else this.timer = setTimeout(() => this.emitNow(), wait);
  }

  /** Emits what is pending (if anything) at once; call when the run ends without a verdict. */
  flush(): void {
    if (this.timer || this.last.length > 0) this.emitNow();
  }

  /** The last event of a complete run: its average is the verdict's (each question once, quarantine left out). */
  finish(verdictAverage: number | null): void {
    this.emitNow(verdictAverage);
  }

  private emitNow(verdictAverage?: number | null): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastEmitAt = this.now();
    const { tally, doneAtStart } = this.options;
    const total = this.options.total;
    const saved = this.options.saved?.();
    const done = doneCount(tally);
    const elapsedMs = this.lastEmitAt - this.startedAt;
    const doneHere = done - doneAtStart;
    const left = Math.max(0, total - (saved ?? 0) - done);
    const etaMs = doneHere > 0 ? Math.round((elapsedMs / doneHere) * left) : null;
    const last = this.last;
    this.last = [];
    this.options.emit({
      runId: this.options.runId,
      targetId: this.options.targetId,
      done,
      total,
      ...(saved === undefined ? {} : { saved }),
      errors: tally.errors,
      degraded: tally.degraded,
      runningAvg: verdictAverage === undefined ? averageScore(tally) : verdictAverage,
      elapsedMs,
      etaMs,
      last,
      ...this.options.status?.(),
    });
  }
}
