import { describe, expect, it } from 'vitest';
import { MAX_BATCH, ResultWriter, WritesInFlight } from '../../../../src-main/engine/run/result-writer';
import { inProcessStore, Store } from '../../../../src-main/store/store';
import { newResult, newRun } from '../../store/repos/run-fixtures';

function storeWithRun() {
  const store = Store.open(':memory:');
  store.repos.runs.insert(newRun('r1'));
  const commits: number[] = [];
  const insertMany = store.repos.results.insertMany.bind(store.repos.results);
  store.repos.results.insertMany = (rows) => {
    commits.push(rows.length);
    return insertMany(rows);
  };
  return { store, db: inProcessStore(store), commits };
}

describe('ResultWriter', () => {
  it('commits the questions finished in the same turn together, and resolves each write once stored', async () => {
    const { store, db, commits } = storeWithRun();
    const writer = new ResultWriter(db);
    await Promise.all(['a', 'b', 'c'].map((q) => writer.write(newResult('r1', q))));
    await writer.write(newResult('r1', 'd'));
    expect(commits).toEqual([3, 1]);
    expect(store.repos.results.doneKeys('r1')).toHaveLength(4);
  });

  it('never holds more than MAX_BATCH questions for one commit', async () => {
    const { db, commits } = storeWithRun();
    const writer = new ResultWriter(db);
    await Promise.all(Array.from({ length: MAX_BATCH + 5 }, (_, i) => writer.write(newResult('r1', `q${i}`))));
    expect(commits).toEqual([MAX_BATCH, 5]);
  });

  it('fails every write of a batch that could not be committed, storing none of it', async () => {
    const { store, db } = storeWithRun();
    const writer = new ResultWriter(db);
    await writer.write(newResult('r1', 'dup'));
    const results = await Promise.allSettled([
      writer.write(newResult('r1', 'fresh')),
      writer.write(newResult('r1', 'dup')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(store.repos.results.doneKeys('r1')).toEqual([['dup', 0]]);
  });
});

describe('WritesInFlight', () => {
  it('holds a lane back once more than `limit` rows wait, until one of them is stored', async () => {
    const writes = new WritesInFlight(1);
    let releaseFirst = () => {};
    await writes.add(new Promise<void>((resolve) => (releaseFirst = resolve)));
    let secondAdded = false;
    const second = writes.add(new Promise<void>(() => {})).then(() => (secondAdded = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondAdded).toBe(false);
    releaseFirst();
    await second;
    expect(secondAdded).toBe(true);
  });

  it('lets lanes go on while rows wait for their commit, and drains them all before the run ends', async () => {
    const { store, db } = storeWithRun();
    const writer = new ResultWriter(db);
    const writes = new WritesInFlight(8);
    for (const q of ['a', 'b', 'c']) await writes.add(writer.write(newResult('r1', q)));
    expect(store.repos.results.doneKeys('r1')).toHaveLength(0);
    await writes.drain();
    expect(() => writes.check()).not.toThrow();
    expect(store.repos.results.doneKeys('r1')).toHaveLength(3);
  });

  it('reports the first failed write at the next check, after every other row has settled', async () => {
    const writes = new WritesInFlight(8);
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    await writes.add(slow);
    await writes.add(Promise.reject(new Error('database or disk is full')));
    await writes.add(Promise.reject(new Error('a later failure')));
    await Promise.resolve();
    await Promise.resolve();
    expect(() => writes.check()).toThrow('database or disk is full');
    let drained = false;
    const draining = writes.drain().then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    release();
    await draining;
    expect(() => writes.check()).toThrow('database or disk is full');
  });
});
