import { beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../../src-main/store/store';
import { identity, newResult, newRun, verdict } from './run-fixtures';

describe('RunsRepo', () => {
  let store: Store;
  beforeEach(() => {
    store = Store.open(':memory:');
  });

  it('walks a run through pending → running → complete and reads it back with identity and verdict', () => {
    const { runs, results } = store.repos;
    runs.insert(newRun('r1'));
    expect(runs.get('r1')).toMatchObject({ status: 'pending', done: 0, passed: null, startedAt: null });
    runs.markRunning('r1', identity({ startedAt: '2026-01-01T00:00:00.000Z' }), 1500);
    results.insert(newResult('r1', 'q1'));
    expect(runs.get('r1')).toMatchObject({ status: 'running', done: 1, startedAt: 1500 });
    runs.finish('r1', {
      status: 'complete',
      verdict: verdict(),
      error: null,
      identity: identity({ finishedAt: 'x' }),
      now: 3000,
    });
    const run = runs.get('r1')!;
    expect(run).toMatchObject({
      status: 'complete',
      finishedAt: 3000,
      avgScore: 4,
      passRate: 1,
      passed: true,
      model: 'm1',
    });
    expect(run.verdict?.reason).toBe('avg_score 4.00 ≥ 3.50');
    expect(run.identity.finishedAt).toBe('x');
    expect(runs.get('nope')).toBeUndefined();
  });

  it('lists runs newest first, per target, with paging and a total', () => {
    const { runs } = store.repos;
    runs.insert(newRun('a', { createdAt: 1 }));
    runs.insert(newRun('b', { createdAt: 2, targetId: 't2' }));
    runs.insert(newRun('c', { createdAt: 3 }));
    expect(runs.list({ limit: 10, offset: 0 }).runs.map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(runs.list({ targetId: 't1', limit: 1, offset: 1 })).toMatchObject({ total: 2, runs: [{ id: 'a' }] });
  });

  it('computes sparkline points and week stats in SQL from complete runs only', () => {
    const { runs } = store.repos;
    for (const [id, at, avg, passed] of [
      ['a', 100, 3, false],
      ['b', 200, 4, true],
      ['c', 300, 5, true],
    ] as const) {
      runs.insert(newRun(id, { createdAt: at }));
      runs.finish(id, {
        status: 'complete',
        verdict: verdict({
          avg_score: avg,
          passed,
          counts: { total: 3, scored: 2, unscored: 0, degraded: 1, passed: 2 },
        }),
        error: null,
        identity: identity(),
        now: at,
      });
    }
    runs.insert(newRun('d', { createdAt: 400 }));
    runs.finish('d', { status: 'cancelled', verdict: null, error: null, identity: identity(), now: 400 });
    expect(runs.history('t1', 2)).toEqual([
      { runId: 'b', finishedAt: 200, avgScore: 4, passRate: 1, errors: 1, passed: true },
      { runId: 'c', finishedAt: 300, avgScore: 5, passRate: 1, errors: 1, passed: true },
    ]);
    expect(runs.weekStats(0, 250)).toEqual({ runs: 2, passed: 1, failed: 1, avgScore: 3.5, errors: 2 });
    expect(runs.weekStats(1000, 2000)).toEqual({ runs: 0, passed: 0, failed: 0, avgScore: null, errors: 0 });
    expect(runs.latestComplete()).toEqual([
      { targetId: 't1', runId: 'c', finishedAt: 300, passed: true, avgScore: 5, passRate: 1, errors: 1 },
    ]);
  });
});

describe('RunsRepo experiments and per-target totals', () => {
  it('keeps runs of another prompt out of week totals and, when asked, out of the list; counts one target when named', () => {
    const { runs } = Store.open(':memory:').repos;
    const finish = (id: string, targetId: string, at: number, promptVariant?: string) => {
      runs.insert(newRun(id, { targetId, createdAt: at, identity: identity(promptVariant ? { promptVariant } : {}) }));
      runs.finish(id, {
        status: 'complete',
        verdict: verdict({ avg_score: 2, passed: false }),
        error: null,
        identity: identity(promptVariant ? { promptVariant } : {}),
        now: at,
      });
    };
    finish('own', 't1', 100);
    finish('other', 't2', 110);
    finish('candidate', 't1', 120, 'optimizer candidate c1');
    expect(runs.weekStats(0, 200)).toMatchObject({ runs: 2, failed: 2 });
    expect(runs.weekStats(0, 200, 't1')).toMatchObject({ runs: 1 });
    expect(runs.list({ limit: 10, offset: 0 }).runs.map((run) => [run.id, run.experiment])).toEqual([
      ['candidate', true],
      ['other', false],
      ['own', false],
    ]);
    expect(runs.list({ experiments: false, limit: 10, offset: 0 })).toMatchObject({
      total: 2,
      runs: [{ id: 'other' }, { id: 'own' }],
    });
  });
});

describe('RunLocksRepo', () => {
  it('takes a free lock once, refuses a second taker, and lets a takeover succeed only against the expected holder', () => {
    const { runLocks } = Store.open(':memory:').repos;
    const lock = { targetId: 't1', pid: 1, host: 'h', now: 10 };
    expect(runLocks.take({ ...lock, runId: 'r1', expectRunId: null })).toBe(true);
    expect(runLocks.take({ ...lock, runId: 'r2', expectRunId: null })).toBe(false);
    expect(runLocks.take({ ...lock, runId: 'r2', expectRunId: 'other' })).toBe(false);
    expect(runLocks.heartbeat('t1', 'r1', 20)).toBe(true);
    expect(runLocks.get('t1')).toMatchObject({ runId: 'r1', heartbeatAt: 20, acquiredAt: 10 });
    expect(runLocks.take({ ...lock, runId: 'r2', expectRunId: 'r1', now: 30 })).toBe(true);
    expect(runLocks.heartbeat('t1', 'r1', 40)).toBe(false);
    runLocks.release('t1', 'r1');
    expect(runLocks.get('t1')?.runId).toBe('r2');
    runLocks.release('t1', 'r2');
    expect(runLocks.get('t1')).toBeUndefined();
  });
});
