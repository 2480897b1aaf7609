// The judges store against a fake service: the list, sampling and validation with their messages, busy, failures.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useJudges } from '../../../../src-renderer/features/judges/judges.store';
import { answer, calledWith, held, heldAnswers, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const state = () => useJudges.getState();

beforeEach(() => {
  resetService();
  useJudges.setState(useJudges.getInitialState(), true);
  answer('judges.list', () => [{ grader: 'relevance_grader', trust: 'unvalidated' }]);
});

describe('judges store', () => {
  it('lists the judges; a failed list keeps them and says why', async () => {
    await state().judgesRequested();
    expect(state().judges).toMatchObject([{ grader: 'relevance_grader' }]);
    refuse('judges.list', 'The workspace has errors.', 'invalid_workspace');
    await state().judgesRequested();
    expect(state()).toMatchObject({ judges: [{ grader: 'relevance_grader' }], error: 'The workspace has errors.' });
  });

  it('keeps the newest list when an older answer comes late', async () => {
    const [older, newer] = heldAnswers('judges.list', 2);
    const first = state().judgesRequested();
    const second = state().judgesRequested();
    newer!.resolve([{ grader: 'judge:after-validation', trust: 'trusted' }]);
    await second;
    older!.resolve([{ grader: 'judge:before', trust: 'unvalidated' }]);
    await first;
    expect(state().judges).toMatchObject([{ grader: 'judge:after-validation' }]);
  });

  it('is busy with the judge while it samples, then says what it drew and lists again', async () => {
    const sample = held<unknown>();
    answer('judges.sample', () => sample.promise);
    const sampling = state().sampleRequested('relevance_grader', 20);
    expect(state().busy).toBe('relevance_grader');
    sample.resolve({
      seed: 7,
      requested: 20,
      windowDays: 30,
      judge: { provider: 'ollama', model: 'llama3.1:8b' },
      population: 40,
      excluded: { scoredInWindow: 40, byOtherJudge: 0, repeats: 0 },
      added: 20,
      items: Array.from({ length: 20 }, (_, i) => ({ id: `g${i}` })),
    });
    await sampling;
    expect(state()).toMatchObject({ busy: undefined, error: undefined });
    expect(state().message).toMatch(/^relevance_grader: drew 20 of 40 distinct scored calls by ollama\/llama3.1:8b/);
    expect(calledWith('judges.sample')).toEqual([{ grader: 'relevance_grader', n: 20 }]);
    expect(calledWith('judges.list')).toHaveLength(1);
  });

  it('validates, keeps the result for the labeling page, and forgets it when labeling opens', async () => {
    answer('judges.validate', () => ({
      state: 'trusted',
      labeled: 40,
      tpr: 0.95,
      tnr: 0.9,
      tprInterval: [0.8, 0.99],
      tnrInterval: [0.75, 0.97],
      disagreements: [],
    }));
    await state().validateRequested('relevance_grader');
    expect(state().validation).toMatchObject({ grader: 'relevance_grader', state: 'trusted' });
    expect(state().message).toBe(state().validation?.text);
    state().labelingOpened();
    expect(state()).toMatchObject({ validation: undefined, message: undefined, error: undefined });
  });

  it('says why validation or sampling failed and is no longer busy', async () => {
    refuse('judges.validate', 'relevance_grader has no labels yet.');
    await state().validateRequested('relevance_grader');
    expect(state()).toMatchObject({
      busy: undefined,
      error: 'relevance_grader has no labels yet.',
      validation: undefined,
    });
    refuse('judges.sample', 'No results to sample from.');
    await state().sampleRequested('relevance_grader', 5);
    expect(state()).toMatchObject({ busy: undefined, error: 'No results to sample from.' });
  });
});
