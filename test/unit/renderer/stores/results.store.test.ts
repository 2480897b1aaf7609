// The results dashboard store against a fake service: the cards, one target's cards, a failure, a late answer dropped.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useResults } from '../../../../src-renderer/features/results/results.store';
import { answer, calledWith, held, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const summaryFor = (targetId: unknown) => ({
  thisWeek: { runs: targetId ? 1 : 3 },
  lastWeek: { runs: 2 },
  targets: [{ targetId: 'faq' }, { targetId: 'triage' }],
});

beforeEach(() => {
  resetService();
  useResults.setState(useResults.getInitialState(), true);
  answer('dashboard.summary', ({ targetId }) => summaryFor(targetId));
  answer('targets.history', () => []);
  answer('runs.list', ({ targetId }) => ({ runs: [{ id: `run-of-${String(targetId ?? 'all')}` }], total: 41 }));
});

describe('results store', () => {
  it('shows every target, or only the routed one, with the runs list', async () => {
    await useResults.getState().dashboardRequested();
    expect(useResults.getState()).toMatchObject({
      thisWeek: { runs: 3 },
      lastWeek: { runs: 2 },
      runs: [{ id: 'run-of-all' }],
      runsTotal: 41,
    });
    expect(useResults.getState().health.map((row) => row.targetId)).toEqual(['faq', 'triage']);

    await useResults.getState().dashboardRequested('triage', true);
    expect(useResults.getState().health.map((row) => row.targetId)).toEqual(['triage']);
    expect(calledWith('runs.list').at(-1)).toEqual({ targetId: 'triage', experiments: true, limit: 100 });
  });

  it('keeps the dashboard and says why when a read fails', async () => {
    await useResults.getState().dashboardRequested();
    refuse('runs.list', 'The database is locked.', 'unavailable');
    await useResults.getState().dashboardRequested();
    expect(useResults.getState()).toMatchObject({ error: 'The database is locked.', runsTotal: 41 });
  });

  it('shows the target the user moved to, not the one whose answer came last', async () => {
    const slow = held<unknown>();
    answer('runs.list', ({ targetId }) =>
      targetId === 'faq' ? slow.promise : { runs: [{ id: 'run-of-triage' }], total: 1 },
    );
    const first = useResults.getState().dashboardRequested('faq');
    await useResults.getState().dashboardRequested('triage');
    slow.resolve({ runs: [{ id: 'run-of-faq' }], total: 9 });
    await first;
    expect(useResults.getState()).toMatchObject({ runs: [{ id: 'run-of-triage' }], runsTotal: 1 });
    expect(useResults.getState().health.map((row) => row.targetId)).toEqual(['triage']);
  });
});
