import { describe, expect, it } from 'vitest';
import { MAX_BATCH, ResultWriter } from '../../../../src-main/engine/run/result-writer';
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
