// The live runs store against a fake service: progress and finish events, the preflight, start and cancel outcomes.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveRun, useRuns } from '../../../../src-renderer/features/runs/runs.store';
import type { RunProgress } from '../../../../src-shared/model';
import { answer, calledWith, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const progress = (runId: string, questions: string[]) =>
  ({
    runId,
    done: questions.length,
    total: 300,
    last: questions.map((questionId) => ({ questionId })),
  }) as unknown as RunProgress;

beforeEach(() => {
  resetService();
  useRuns.setState(useRuns.getInitialState(), true);
});

describe('runs store', () => {
  it('streams finished questions newest first, per run, bounded to the last 200', () => {
    const { runProgressed, runFinished } = useRuns.getState();
    runProgressed(progress('r1', ['q1', 'q2']));
    runProgressed(progress('r1', ['q3']));
    runProgressed(progress('r2', ['x1']));
    expect(liveRun('r1')(useRuns.getState()).stream.map((item) => item.questionId)).toEqual(['q3', 'q2', 'q1']);
    expect(liveRun('r2')(useRuns.getState()).progress?.runId).toBe('r2');

    runProgressed(
      progress(
        'r1',
        Array.from({ length: 250 }, (_, i) => `b${i}`),
      ),
    );
    const stream = liveRun('r1')(useRuns.getState()).stream;
    expect(stream).toHaveLength(200);
    expect(stream[0]!.questionId).toBe('b249');

    runFinished({ runId: 'r1', status: 'complete' } as never);
    expect(liveRun('r1')(useRuns.getState())).toMatchObject({ finished: { status: 'complete' } });
    expect(liveRun('r1')(useRuns.getState()).stream).toHaveLength(200);
    expect(liveRun('unknown')(useRuns.getState())).toEqual({ progress: undefined, stream: [], finished: undefined });
  });

  it('starts a run only when the preflight finds nothing, telling the service not to check again', async () => {
    answer('runs.preflight', () => ({ ok: true, problems: [] }));
    answer('runs.start', () => ({ runId: 'r9' }));
    expect(await useRuns.getState().runRequested('faq')).toBe('r9');
    expect(calledWith('runs.start')).toEqual([{ targetId: 'faq', skipPreflight: true }]);
    expect(useRuns.getState().preflight).toEqual({ faq: [] });
  });

  it('shows the preflight problems by target and starts nothing; skipping the preflight starts anyway', async () => {
    const problem = { kind: 'missing_key', message: 'No API key for openai.', fix: 'Settings → Connections' };
    answer('runs.preflight', () => ({ ok: false, problems: [problem] }));
    answer('runs.start', () => ({ runId: 'r10' }));
    expect(await useRuns.getState().runRequested('faq')).toBeUndefined();
    expect(useRuns.getState().preflight['faq']).toEqual([problem]);
    expect(calledWith('runs.start')).toHaveLength(0);

    expect(await useRuns.getState().runRequested('faq', true)).toBe('r10');
    expect(calledWith('runs.preflight')).toHaveLength(1);
    expect(useRuns.getState().preflight['faq']).toEqual([]);
  });

  it('shows why a run could not start', async () => {
    answer('runs.preflight', () => ({ ok: true, problems: [] }));
    refuse('runs.start', 'A run of faq is already going.', 'conflict');
    expect(await useRuns.getState().runRequested('faq')).toBeUndefined();
    expect(useRuns.getState().startError).toBe('A run of faq is already going.');
    answer('runs.start', () => ({ runId: 'r11' }));
    await useRuns.getState().runRequested('faq');
    expect(useRuns.getState().startError).toBeUndefined();
  });

  it('says why a run was not cancelled', async () => {
    answer('runs.cancel', () => ({ cancelled: true }));
    expect(await useRuns.getState().cancelRequested('r1')).toBeUndefined();
    answer('runs.cancel', () => ({ cancelled: false }));
    expect(await useRuns.getState().cancelRequested('r1')).toMatch(/^Not cancelled: this app is not running it/);
    refuse('runs.cancel', 'No run r1.', 'not_found');
    expect(await useRuns.getState().cancelRequested('r1')).toBe('Not cancelled: No run r1.');
  });
});
