import { describe, expect, it } from 'vitest';
import { CellsCache } from '../../../../src-main/store/repos/history-cells-cache';

/** A run's cells over `questions` questions (three count characters each). */
const row = (runId: string, questions: number) => ({
  run_id: runId,
  question_ids: Array.from({ length: questions }, (_, i) => `q${i}`).join(' '),
  counts: '100'.repeat(questions),
  version_ids: Array(questions).fill('0').join(' '),
});

describe('CellsCache', () => {
  it('keeps runs up to its budget of questions, dropping the least recently used first', () => {
    const cache = new CellsCache(10);
    cache.add(row('a', 4));
    cache.add(row('b', 4));
    expect(cache.get('a')?.counts).toBe('100'.repeat(4)); // a is now the most recently used
    cache.add(row('c', 4)); // 12 > 10: b goes, not a
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(row('a', 4));
    expect(cache.get('c')).toEqual(row('c', 4));
  });

  it('never keeps a run larger than the whole budget, and keeps the first copy of a run', () => {
    const cache = new CellsCache(10);
    cache.add(row('a', 4));
    cache.add(row('huge', 11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toEqual(row('a', 4));
    cache.add({ ...row('a', 4), counts: '200'.repeat(4) });
    expect(cache.get('a')?.counts).toBe('100'.repeat(4));
  });

  it('still answers for runs that share their id and version texts after others holding them are dropped', () => {
    const cache = new CellsCache(8);
    for (const id of ['a', 'b', 'c', 'd']) cache.add(row(id, 4));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toEqual(row('c', 4));
    expect(cache.get('d')).toEqual(row('d', 4));
  });
});
