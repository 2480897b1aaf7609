// The per-target run lock (run_locks): one run per target at a time, across processes, by compare-and-swap.
import type { Q } from '../sql/query';
import type { Row } from '../sql/schema';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

export type RunLock = Readonly<{
  targetId: string;
  runId: string;
  pid: number;
  host: string;
  acquiredAt: number;
  heartbeatAt: number;
}>;

type LockRow = Row<'run_locks'>;

const toLock = (row: LockRow): RunLock => ({
  targetId: row.target_id,
  runId: row.run_id,
  pid: row.pid,
  host: row.host,
  acquiredAt: row.acquired_at,
  heartbeatAt: row.heartbeat_at,
});

type LockArgs = Readonly<{ targetId: string; runId: string; pid: number; host: string; now: number }>;

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    selectOne: q.prepare((a: { targetId: string }) =>
      db.selectFrom('run_locks').selectAll().where('target_id', '=', a.targetId),
    ),
    selectAll: q.prepare(() => db.selectFrom('run_locks').selectAll().orderBy('target_id')),
    insertFree: q.prepare((a: LockArgs) =>
      db
        .insertInto('run_locks')
        .values({
          target_id: a.targetId,
          run_id: a.runId,
          pid: a.pid,
          host: a.host,
          acquired_at: a.now,
          heartbeat_at: a.now,
        })
        .onConflict((oc) => oc.column('target_id').doNothing()),
    ),
    // Taking over only succeeds if the lock still belongs to the run the caller judged dead or stale.
    replaceHeld: q.prepare((a: LockArgs & { expectRunId: string }) =>
      db
        .updateTable('run_locks')
        .set({ run_id: a.runId, pid: a.pid, host: a.host, acquired_at: a.now, heartbeat_at: a.now })
        .where('target_id', '=', a.targetId)
        .where('run_id', '=', a.expectRunId),
    ),
    beat: q.prepare((a: { targetId: string; runId: string; now: number }) =>
      db
        .updateTable('run_locks')
        .set({ heartbeat_at: a.now })
        .where('target_id', '=', a.targetId)
        .where('run_id', '=', a.runId),
    ),
    remove: q.prepare((a: { targetId: string; runId: string }) =>
      db.deleteFrom('run_locks').where('target_id', '=', a.targetId).where('run_id', '=', a.runId),
    ),
  };
}

export class RunLocksRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  *get(targetId: string): Q<RunLock | undefined> {
    const row = yield* this.statements.selectOne.first({ targetId });
    return row ? toLock(row) : undefined;
  }

  /** Every lock held (some may be stale: compare heartbeatAt with the clock). */
  *all(): Q<RunLock[]> {
    return (yield* this.statements.selectAll.all({})).map(toLock);
  }

  /** Takes the lock if it is free (`expectRunId` null) or still held by `expectRunId`; false when someone was faster. */
  *take(
    input: Readonly<{
      targetId: string;
      runId: string;
      pid: number;
      host: string;
      now: number;
      expectRunId: string | null;
    }>,
  ): Q<boolean> {
    const { expectRunId, ...lock } = input;
    const result =
      expectRunId === null
        ? yield* this.statements.insertFree.run(lock)
        : yield* this.statements.replaceHeld.run({ ...lock, expectRunId });
    return result.changes === 1;
  }

  /** Refreshes the heartbeat; false when the lock was taken over meanwhile. */
  *heartbeat(targetId: string, runId: string, now: number): Q<boolean> {
    return (yield* this.statements.beat.run({ targetId, runId, now })).changes === 1;
  }

  *release(targetId: string, runId: string): Q<void> {
    yield* this.statements.remove.run({ targetId, runId });
  }
}
