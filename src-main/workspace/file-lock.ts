// A lock file beside a workspace file, so two ai-eval processes (the app and a CLI command, two CLI commands) never
// both read-edit-write it at once; a lock left by a process that died is taken over once it is old.
import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RpcError } from '../../src-shared/rpc/wire';

const WAIT_MS = 10_000;
const STALE_MS = 30_000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `work` holding `.<name>.lock` beside `file`; waits up to 10 s for another holder, then refuses. */
export function withFileLock<T>(file: string, work: () => T): T {
  const lock = join(dirname(file), `.${basename(file)}.lock`);
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let age: number;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > STALE_MS) rmSync(lock, { force: true });
      else if (Date.now() > until)
        throw new RpcError('conflict', `${basename(file)} is being written by another ai-eval (${lock}); try again`);
      else sleep(5 + Math.random() * 20);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}
