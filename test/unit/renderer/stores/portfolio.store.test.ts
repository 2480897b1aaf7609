// The portfolio store against a fake service: targets, their judges' trust and health; a failure; a late answer dropped.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePortfolio } from '../../../../src-renderer/features/portfolio/portfolio.store';
import { answer, calledWith, heldAnswers, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const TARGETS = [
  { id: 'faq', graders: ['judge:polite', 'exact'] },
  { id: 'triage', graders: ['judge:polite'] },
];

function serviceWithTwoTargets() {
  answer('targets.list', () => TARGETS);
  answer('judges.trustFor', ({ graderIds }) => (graderIds as string[]).map((grader) => ({ grader, state: 'trusted' })));
  answer('dashboard.summary', () => ({
    thisWeek: null,
    lastWeek: null,
    targets: [
      { targetId: 'faq', verdict: 'pass' },
      { targetId: 'triage', verdict: 'fail' },
    ],
  }));
  answer('targets.history', ({ targetId }) => [{ runId: `${String(targetId)}-1`, score: 0.9 }]);
}

beforeEach(() => {
  resetService();
  usePortfolio.setState(usePortfolio.getInitialState(), true);
});

describe('portfolio store', () => {
  it('loads the targets, the trust of their judges (each asked once) and each target health and history', async () => {
    serviceWithTwoTargets();
    await usePortfolio.getState().portfolioRequested();
    const state = usePortfolio.getState();
    expect(state.targets?.map((t) => t.id)).toEqual(['faq', 'triage']);
    expect(calledWith('judges.trustFor')).toEqual([{ graderIds: ['judge:polite', 'exact'] }]);
    expect(Object.keys(state.trust)).toEqual(['judge:polite', 'exact']);
    expect(state.health['triage']).toMatchObject({ verdict: 'fail' });
    expect(state.history['faq']).toEqual([{ runId: 'faq-1', score: 0.9 }]);
    expect(state.error).toBeUndefined();
  });

  it('says why when a part fails, keeping what it already showed', async () => {
    serviceWithTwoTargets();
    await usePortfolio.getState().portfolioRequested();
    refuse('dashboard.summary', 'The store is busy.', 'unavailable');
    await usePortfolio.getState().portfolioRequested();
    expect(usePortfolio.getState()).toMatchObject({
      error: 'The store is busy.',
      health: { faq: { verdict: 'pass' } },
    });
  });

  it('drops an older request answered after a newer one', async () => {
    serviceWithTwoTargets();
    const [older, newer] = heldAnswers('targets.list', 2);
    const first = usePortfolio.getState().portfolioRequested();
    const second = usePortfolio.getState().portfolioRequested();
    newer!.resolve([TARGETS[0]]);
    await second;
    older!.resolve(TARGETS);
    await first;
    expect(usePortfolio.getState().targets?.map((t) => t.id)).toEqual(['faq']);
    // The older request stopped at its stale answer: it asked nothing more.
    expect(calledWith('judges.trustFor')).toHaveLength(1);
  });
});
