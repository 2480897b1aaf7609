// Failures of the machine rather than of the input or the scores: a full disk, a store locked by another process, a
// team store that cannot be reached or used. The CLI exits with EXIT.environment (3) on them, so CI can tell "retry
// elsewhere" from "the gate failed".
import { RpcError } from './wire';

const CAUSES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^SQLITE_FULL/, 'the disk is full'],
  [/^(SQLITE_BUSY|SQLITE_LOCKED)/, 'the store is locked by another process'],
  [/^SQLITE_IOERR/, 'the disk could not be read or written'],
  [/^SQLITE_READONLY/, 'the store is read-only'],
  [/^SQLITE_CANTOPEN/, 'the store cannot be opened'],
  [/^(ENOSPC|EDQUOT)$/, 'the disk is full'],
  [/^EROFS$/, 'the file system is read-only'],
  [/^(EMFILE|ENFILE)$/, 'too many files are open'],
  // The team store (store/postgres/team-store-errors.ts): its message names the store and what the server said.
  [/^AIEVAL_STORE_AUTH$/, 'the team store refused the login'],
  [/^AIEVAL_STORE_UNREACHABLE$/, 'the team store cannot be reached'],
  [/^AIEVAL_STORE_NO_DATABASE$/, 'the team store database does not exist'],
  [/^AIEVAL_STORE_TLS$/, 'the TLS connection to the team store failed'],
  [/^AIEVAL_STORE_READ_ONLY$/, 'the team store role may only read'],
  [/^AIEVAL_STORE_TOO_NEW$/, 'the team store was written by a newer ai-eval'],
  [/^AIEVAL_STORE_SETUP$/, 'the team store is not set up for this workspace'],
];

/** What in the environment stopped the work ("the disk is full (SQLITE_FULL)"), or undefined for any other error. */
export function environmentCause(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; depth++) {
    const code = Reflect.get(current, 'code');
    if (typeof code === 'string') {
      const found = CAUSES.find(([pattern]) => pattern.test(code));
      // The team store's own codes say nothing a reader needs; SQLite's and the system's do.
      if (found) return code.startsWith('AIEVAL_STORE_') ? found[1] : `${found[1]} (${code})`;
    }
    current = current.cause;
  }
  return undefined;
}

/** What the service answers for such a failure: `unavailable`, the cause first in the message and alone in details. */
export function environmentRefusal(error: unknown): RpcError | undefined {
  const cause = environmentCause(error);
  if (cause === undefined) return undefined;
  return new RpcError('unavailable', `${cause}: ${(error as Error).message}`, { environment: cause });
}
