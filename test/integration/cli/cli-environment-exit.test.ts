// Exit code 3: work stopped by its environment (here a store locked by another process) is neither a failed gate (1)
// nor invalid input (2), whether it is a run or any other command that goes through the service.
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeBinding } from '../../../src-main/store/native-binding';
import { Store, storeFile } from '../../../src-main/store/store';
import { spawnCli } from '../../support/cli';
import { copyExample } from '../../support/workspace';

/** Runs the CLI with `args` (given the workspace) while another connection holds the store's write lock. */
async function cliWithLockedStore(args: (dir: string) => string[]) {
  const dir = copyExample();
  Store.open(storeFile(dir)).close();
  const holder = new Database(storeFile(dir), { nativeBinding: nativeBinding() }); // the build for this Node's ABI
  holder.exec('BEGIN EXCLUSIVE');
  try {
    return await spawnCli(args(dir), mkdtempSync(join(tmpdir(), 'aieval-cfg-')));
  } finally {
    holder.exec('ROLLBACK');
    holder.close();
  }
}

describe('exit code 3', () => {
  it('a run against a store another process holds locked exits 3 and says why', async () => {
    const result = await cliWithLockedStore((dir) => ['run', '--workspace', dir, '--trust-workspace']);
    expect(result.stderr).toMatch(/error: the store is locked by another process \(SQLITE_BUSY\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(3);
  }, 60_000);

  it('a command that writes through the service (import-traces) exits 3 on a locked store too, not 2', async () => {
    const traces = join(import.meta.dirname, '..', '..', 'fixtures', 'otlp-captured', 'openinference.jsonl');
    const result = await cliWithLockedStore((dir) => ['import-traces', traces, '--workspace', dir]);
    expect(result.stderr).toMatch(/error: the store is locked by another process \(SQLITE_BUSY\)/);
    expect(result.code).toBe(3);
  }, 60_000);
});
