// A disk that fills up under `ai-eval run` (child processes): the store's files capped by the process's file-size
// limit (prlimit --fsize: SQLite's writes fail mid-run, a real failure of the write calls), and `--record` to
// /dev/full (every write fails with ENOSPC). Exit 3, the finished results kept, what was not written named.
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store, storeFile } from '../../../src-main/store/store';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript } from '../../fixtures/fake-scripts';
import { spawnCli } from '../../support/cli';
import { exampleOn } from '../../support/online-example';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-disk-full-config-'));
const QUESTIONS = 21;
const REPEAT = 3;
// Answers of ~18 KB: the store's write-ahead log grows by more than that per question.
const script = judgeScript({ score: 4, reason: 'fine' }, () => ({ text: 'plenty of words '.repeat(1100) }));
const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((file) => existsSync(file));

/** The stored results of the workspace's only run: its id, how many there are, and how many are degraded. */
function storedRun(dir: string) {
  const store = Store.open(storeFile(dir));
  try {
    const [run] = store.repos.runs.list({ limit: 10, offset: 0 }).runs;
    const rows = store.db.prepare('SELECT status FROM question_results WHERE run_id = ?').all(run!.id) as {
      status: string;
    }[];
    return { run: run!, stored: rows.length, degraded: rows.filter((row) => row.status !== 'scored').length };
  } finally {
    store.close();
  }
}

describe('a full disk under ai-eval run (child processes)', { timeout: 120_000 }, () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer({ script });
  });
  afterAll(async () => {
    await server.close();
  });

  it.skipIf(!prlimit)('the store filling up mid-run exits 3, keeps what finished, names what was lost', async () => {
    const dir = exampleOn(server.url);
    Store.open(storeFile(dir)).close();
    const args = ['run', '--workspace', dir, '--trust-workspace', '--target', 'helpdesk_chat'];
    const full = await spawnCli([...args, '--repeat', String(REPEAT)], configDir, [
      prlimit!,
      `--fsize=${statSync(storeFile(dir)).size + 200_000}`,
    ]);
    const output = `${full.stdout}\n${full.stderr}`;
    expect(full.code, output).toBe(3);
    expect(output).not.toMatch(/\n\s+at /);
    const { run, stored, degraded } = storedRun(dir);
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(QUESTIONS * REPEAT);
    expect(degraded).toBe(0);
    expect(output).toMatch(/the disk (is full|could not be read or written) \(SQLITE_\w+\)/);
    expect(output).toContain(`${stored} of ${QUESTIONS * REPEAT} results are stored`);
    expect(output).toContain(`finish it with: ai-eval run --resume ${run.id}`);
    expect(output).not.toMatch(/verdict\s+PASS|\bPASS\b/);

    // Room again: the resume completes the run with every question once.
    const resumed = await spawnCli(['run', '--workspace', dir, '--trust-workspace', '--resume', run.id], configDir);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(storedRun(dir)).toMatchObject({ stored: QUESTIONS * REPEAT, degraded: 0 });
  });

  it.skipIf(!existsSync('/dev/full'))(
    '--record to a full disk exits 3 and never says every call was recorded',
    async () => {
      const dir = exampleOn(server.url);
      const args = [
        'run',
        '--workspace',
        dir,
        '--trust-workspace',
        '--target',
        'helpdesk_chat',
        '--record',
        '/dev/full',
      ];
      const recorded = await spawnCli(args, configDir);
      const output = `${recorded.stdout}\n${recorded.stderr}`;
      expect(recorded.code, output).toBe(3);
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).not.toContain('recorded every provider call');
      expect(output).toContain('error: /dev/full is incomplete');
      expect(output).toContain('the disk is full (ENOSPC): the cassette /dev/full could not be written');
      // The questions whose calls were lost are named; their answers were good, so they are kept, never degraded.
      expect(output).toMatch(/\d+ provider calls? \(of [\w-]+(, [\w-]+)*\) could not be recorded in \/dev\/full/);
      const { stored, degraded } = storedRun(dir);
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(QUESTIONS);
      expect(degraded).toBe(0);
      expect(output).toContain(`${stored} of ${QUESTIONS} results are stored`);
    },
  );
});
