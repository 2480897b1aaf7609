import { describe, expect, it } from 'vitest';
import {
  JobConflictError,
  KEPT_JOBS,
  LOG_LINES,
  OptimizerJobs,
} from '../../../../src-main/engine/optimizer/optimizer-jobs';
import type { OptimizerFinished, OptimizerProgress } from '../../../../src-shared/model';

function jobs() {
  const progressed: OptimizerProgress[] = [];
  const finished: OptimizerFinished[] = [];
  let ended: (() => void) | undefined;
  const registry = new OptimizerJobs(
    {
      progressed: (p) => progressed.push(p),
      finished: (f) => {
        finished.push(f);
        ended?.();
      },
    },
    () => 1_700_000_000_000,
  );
  const nextEnd = () => new Promise<void>((resolve) => (ended = resolve));
  return { registry, progressed, finished, nextEnd };
}

describe('OptimizerJobs', () => {
  it('runs work in the background, keeps a bounded log, and ends with its outcome and an event', async () => {
    const { registry, progressed, finished, nextEnd } = jobs();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const end = nextEnd();
    const job = registry.start('optimize', 't1', async (handle) => {
      for (let i = 0; i < LOG_LINES + 5; i += 1) handle.progress(`step ${i}`, i === 3 ? 'run-3' : undefined);
      await gate;
      return { outcome: { targetId: 't1', status: 'not_improved', reason: 'none', baseline: null, candidates: [] } };
    });
    expect(job).toMatchObject({ kind: 'optimize', targetId: 't1', status: 'running' });
    expect(job.id).toMatch(/^opt-\d{8}-\d{6}-[0-9a-f]{6}$/);
    expect(registry.get(job.id)?.log).toHaveLength(LOG_LINES);
    expect(registry.get(job.id)?.log.at(-1)).toBe(`step ${LOG_LINES + 4}`);
    expect(registry.get(job.id)?.runId).toBe('run-3');
    expect(progressed).toHaveLength(LOG_LINES + 5);
    expect(() => registry.start('compare', 't1', async () => ({}))).toThrow(JobConflictError);
    release();
    await end;
    expect(registry.get(job.id)).toMatchObject({ status: 'done', runId: null, outcome: { status: 'not_improved' } });
    expect(finished).toEqual([{ jobId: job.id, targetId: 't1', kind: 'optimize', status: 'done', error: null }]);
  });

  it('cancels through the signal and reports a failure with its message', async () => {
    const { registry, finished, nextEnd } = jobs();
    let end = nextEnd();
    const cancelled = registry.start(
      'optimize',
      't1',
      (_, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    expect(registry.cancel(cancelled.id)).toBe(true);
    await end;
    expect(registry.get(cancelled.id)?.status).toBe('cancelled');
    expect(registry.cancel(cancelled.id)).toBe(false);
    end = nextEnd();
    const failed = registry.start('optimize', 't1', async () => {
      throw new Error('store closed');
    });
    await end;
    expect(finished.at(-1)).toMatchObject({ jobId: failed.id, status: 'error', error: 'store closed' });
  });

  it(`remembers at most ${KEPT_JOBS} jobs, forgetting the oldest finished first`, async () => {
    const { registry } = jobs();
    const ids: string[] = [];
    for (let i = 0; i < KEPT_JOBS + 3; i += 1) {
      ids.push(registry.start('compare', `t${i}`, async () => ({})).id);
      await registry.cancelAll();
    }
    expect(registry.list()).toHaveLength(KEPT_JOBS);
    expect(registry.get(ids[0]!)).toBeUndefined();
    expect(registry.get(ids.at(-1)!)).toBeDefined();
  });
});
