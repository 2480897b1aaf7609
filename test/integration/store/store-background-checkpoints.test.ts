import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundCheckpoints } from '../../../src-main/store/background-checkpoints';
import { openDb, WAL_AUTOCHECKPOINT_PAGES, type Db } from '../../../src-main/store/db';

let db: Db | undefined;
afterEach(() => db?.close());

const open = () => (db = openDb(join(mkdtempSync(join(tmpdir(), 'aieval-checkpoints-')), 'store.sqlite')));
const autocheckpoint = (db: Db) => db.pragma('wal_autocheckpoint', { simple: true });
/** A commit of about 400 KiB (100 pages). */
const commit = (db: Db, n: number) =>
  db
    .prepare(
      'INSERT INTO spans (trace_seq, span_id, name, start_ns, end_ns, attributes_json, imported_at) VALUES (?, ?, ?, ?, ?, ?, 0)',
    )
    .run(n, 's', 'x', '1', '2', 'x'.repeat(400 * 1024));

describe('BackgroundCheckpoints', () => {
  it('copies each commit into the database on its own thread, and hands checkpointing back when stopped', async () => {
    const db = open();
    const checkpoints = BackgroundCheckpoints.start(db)!;
    expect(checkpoints).toBeDefined();
    expect(autocheckpoint(db)).toBe(0);
    const fileBefore = statSync(db.name).size;
    for (let n = 0; n < 5; n++) {
      await checkpoints.settle();
      commit(db, n);
      checkpoints.committed();
    }
    await checkpoints.stop();
    expect(autocheckpoint(db)).toBe(WAL_AUTOCHECKPOINT_PAGES);
    // Everything committed is in the database file already: the writer finds nothing left to copy.
    const [left] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(left!.log).toBeGreaterThan(0);
    expect(left!.checkpointed).toBe(left!.log);
    expect(statSync(db.name).size).toBeGreaterThan(fileBefore + 5 * 400 * 1024);
  });

  it('once the WAL is long, waits for it to be copied whole so that the next commit starts it over', async () => {
    const db = open();
    const checkpoints = BackgroundCheckpoints.start(db, 250)!;
    for (let n = 0; n < 12; n++) {
      await checkpoints.settle();
      commit(db, n);
      checkpoints.committed();
      // The first reply waits for the thread to start; an import does other work between its commits (reading,
      // decoding), and the thread's replies arrive meanwhile.
      if (n === 0) await checkpoints.copied();
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await checkpoints.stop();
    // The WAL file never shrinks here (it is cut back only beyond 64 MiB): its size is the longest the WAL got.
    // Twelve commits of about 100 pages each would make 1,200 pages without a restart.
    const longest = statSync(`${db.name}-wal`).size / 4096;
    expect(longest).toBeLessThan(600);
  });

  it('is not started for an in-memory database', () => {
    db = openDb(':memory:');
    expect(BackgroundCheckpoints.start(db)).toBeUndefined();
  });
});
