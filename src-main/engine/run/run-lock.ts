// One run per target at a time, across processes: a run_locks row with pid and heartbeat; dead or stale holders are replaced.
// A shard is a slice of its own: shard I/N of a target runs beside its other shards (machines sharing a team store).
import { hostname } from 'node:os';
import type { StoreApi } from '../../store/store';
import type { RunLock } from '../../store/repos/run-locks.repo';
import { RpcError } from '../../../src-shared/rpc/wire';

/** How often a running run refreshes its lock, and how old a heartbeat may get before the lock counts as abandoned. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 60_000;

/** What a run locks: its target, or one shard of it ("helpdesk_chat (shard 1/4)"). */
export const lockKey = (targetId: string, shard: string | null) =>
  shard === null ? targetId : `${targetId} (shard ${shard})`;

/** The target a lock key is of. */
export const lockedTarget = (key: string) => key.replace(/ \(shard \d+\/\d+\)$/, '');

/**
 * The second run of a target is refused with this, naming the run that holds the target. Held by this process, it is a
 * conflict the caller can resolve (cancel the run); held by another process, the environment stopped the run (docs/shells.md:
 * the CLI exits 3, so CI can tell "retry later" from invalid input).
 */
export class RunConflictError extends RpcError {
  constructor(readonly holder: RunLock) {
    const elsewhere = holder.pid !== process.pid || holder.host !== hostname();
    super(
      elsewhere ? 'unavailable' : 'conflict',
      `target "${holder.targetId}" is already running as run ${holder.runId} (pid ${holder.pid} on ${holder.host}, ` +
        `started ${new Date(holder.acquiredAt).toISOString()}); wait for it, or cancel it first`,
      elsewhere
        ? { runId: holder.runId, environment: `another process runs target "${holder.targetId}"` }
        : { runId: holder.runId },
    );
    this.name = 'RunConflictError';
  }
}

export type LockOptions = Readonly<{
  now: () => number;
  pid?: number;
  host?: string;
  /** Whether a pid is alive on this host; injectable for tests. */
  isAlive?: (pid: number) => boolean;
  heartbeatMs?: number;
  staleAfterMs?: number;
}>;

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type HeldLock = Readonly<{ release(): Promise<void> }>;

/**
 * Takes the target's lock for `runId`. An existing lock is replaced when its heartbeat is stale, or when its
 * process is dead on this host; otherwise RunConflictError. The heartbeat runs until release().
 */
export async function acquireRunLock(
  db: StoreApi,
  targetId: string,
  runId: string,
  options: LockOptions,
): Promise<HeldLock> {
  const pid = options.pid ?? process.pid;
  const host = options.host ?? hostname();
  const isAlive = options.isAlive ?? processAlive;
  const staleAfter = options.staleAfterMs ?? STALE_AFTER_MS;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const holder = await db.runLocks.get(targetId);
    if (holder) {
      const stale = options.now() - holder.heartbeatAt > staleAfter;
      const dead = holder.host === host && !isAlive(holder.pid);
      if (!stale && !dead) throw new RunConflictError(holder);
    }
    const expectRunId = holder?.runId ?? null;
    if (await db.runLocks.take({ targetId, runId, pid, host, now: options.now(), expectRunId })) {
      // A failed heartbeat is not fatal here: the store is failing, and the run's own writes will report it.
      const beat = () => db.runLocks.heartbeat(targetId, runId, options.now()).catch(() => undefined);
      const timer = setInterval(() => void beat(), options.heartbeatMs ?? HEARTBEAT_MS);
      timer.unref();
      return {
        async release() {
          clearInterval(timer);
          await db.runLocks.release(targetId, runId);
        },
      };
    }
    // Another process changed the lock between our read and our write: look again.
  }
  const holder = await db.runLocks.get(targetId);
  if (holder) throw new RunConflictError(holder);
  throw new Error(`could not take the run lock of target "${targetId}"`);
}
