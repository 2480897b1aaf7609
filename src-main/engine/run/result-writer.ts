// Group commit for finished questions: those that finish in the same turn of the event loop share one transaction.
import type { NewQuestionResult } from '../../store/repos/results.repo';
import type { StoreApi } from '../../store/store';

/** More than this many finished questions are never held back for one commit. */
export const MAX_BATCH = 64;

type Pending = { row: NewQuestionResult; resolve: () => void; reject: (error: unknown) => void };

/**
 * `write(row)` resolves once the row is committed. Rows queue until the current turn of the event loop ends
 * (setImmediate), then go to the store in one transaction: a crash loses at most the questions in flight and
 * those finished in that same turn, and nothing is reported done before it is stored.
 */
export class ResultWriter {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: StoreApi) {}

  write(row: NewQuestionResult): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (this.queue.length >= MAX_BATCH) void this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    try {
      await this.db.results.insertMany(batch.map((pending) => pending.row));
      for (const pending of batch) pending.resolve();
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}

/**
 * Answers on their way to the group commit (and, for checks that call no model, through grading first) while their
 * lanes ask the next question: a lane need not wait for the rows the other lanes finished in the same turn. At most
 * `limit` rows wait (an instant provider still yields to the event loop at every commit); the first failed write stops
 * the run at a lane's next question (`check`), and the run waits for every row (`drain`) before it ends.
 */
export class WritesInFlight {
  private readonly pending = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly limit: number) {}

  /** Tracks `write`; resolves at once, or when a row has left after `limit` rows were waiting. */
  async add(write: Promise<void>): Promise<void> {
    const tracked = write.then(
      () => {},
      (error: unknown) => {
        this.failure ??= { error };
      },
    );
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    if (this.pending.size > this.limit) await Promise.race(this.pending);
  }

  /** Throws the first write that failed. */
  check(): void {
    if (this.failure) throw this.failure.error;
  }

  /** Waits for every row in flight; `check` then says whether one failed. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
