// The per-target run lock (run_locks): one run per target at a time, across processes, by compare-and-swap.
import type { Db } from '../db';

export type RunLock = Readonly<{
  targetId: string;
  runId: string;
  pid: number;
  host: string;
  acquiredAt: number;
  heartbeatAt: number;
}>;

type LockRow = {
  target_id: string;
  run_id: string;
  pid: number;
  host: string;
  acquired_at: number;
  heartbeat_at: number;
};

const toLock = (row: LockRow): RunLock => ({
  targetId: row.target_id,
  runId: row.run_id,
  pid: row.pid,
  host: row.host,
  acquiredAt: row.acquired_at,
  heartbeatAt: row.heartbeat_at,
});

export class RunLocksRepo {
  private readonly selectOne;
  private readonly selectAll;
  private readonly insertFree;
  private readonly replaceHeld;
  private readonly beat;
  private readonly remove;

  constructor(db: Db) {
    this.selectOne = db.prepare<{ targetId: string }, LockRow>('SELECT * FROM run_locks WHERE target_id = @targetId');
    this.selectAll = db.prepare<[], LockRow>('SELECT * FROM run_locks ORDER BY target_id');
    this.insertFree = db.prepare(
      `INSERT INTO run_locks (target_id, run_id, pid, host, acquired_at, heartbeat_at)
       VALUES (@targetId, @runId, @pid, @host, @now, @now) ON CONFLICT (target_id) DO NOTHING`,
    );
    // Taking over only succeeds if the lock still belongs to the run the caller judged dead or stale.
    this.replaceHeld = db.prepare(
      `UPDATE run_locks SET run_id = @runId, pid = @pid, host = @host, acquired_at = @now, heartbeat_at = @now
       WHERE target_id = @targetId AND run_id = @expectRunId`,
    );
    this.beat = db.prepare('UPDATE run_locks SET heartbeat_at = @now WHERE target_id = @targetId AND run_id = @runId');
    this.remove = db.prepare('DELETE FROM run_locks WHERE target_id = @targetId AND run_id = @runId');
  }

  get(targetId: string): RunLock | undefined {
    const row = this.selectOne.get({ targetId });
    return row ? toLock(row) : undefined;
  }

  /** Every lock held (some may be stale: compare heartbeatAt with the clock). */
  all(): RunLock[] {
    return this.selectAll.all().map(toLock);
  }

  /** Takes the lock if it is free (`expectRunId` null) or still held by `expectRunId`; false when someone was faster. */
  take(
    input: Readonly<{
      targetId: string;
      runId: string;
      pid: number;
      host: string;
      now: number;
      expectRunId: string | null;
    }>,
  ): boolean {
    const { expectRunId, ...lock } = input;
    const result = expectRunId === null ? this.insertFree.run(lock) : this.replaceHeld.run({ ...lock, expectRunId });
    return result.changes === 1;
  }

  /** Refreshes the heartbeat; false when the lock was taken over meanwhile. */
  heartbeat(targetId: string, runId: string, now: number): boolean {
    return this.beat.run({ targetId, runId, now }).changes === 1;
  }

  release(targetId: string, runId: string): void {
    this.remove.run({ targetId, runId });
  }
}
