// The comparison matrix store against a fake service: rows then statistics, stale keys, filters, ratings, preferences.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCompare } from '../../../../src-renderer/features/compare/compare.store';
import { NO_FILTER } from '../../../../src-shared/compare/matrix-view';
import { answer, calledWith, held, heldAnswers, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const cell = (resultId: number) => ({ resultId, rating: null, preference: null, passed: true, score: 1 });
const matrixOf = (runIds: readonly unknown[], baseline = 0) => ({
  columns: runIds.map((runId) => ({ runId, ratings: { up: 0, down: 0, better: 0, worse: 0, same: 0 } })),
  graders: [],
  rows: [
    { questionId: 'q1', tags: [], cells: runIds.map((_, i) => cell(10 + i)) },
    { questionId: 'q2', tags: [], cells: [cell(20), null] },
  ],
  questionPassThreshold: 0.5,
  baseline,
  statistics: false,
});

const state = () => useCompare.getState();

beforeEach(() => {
  resetService();
  useCompare.setState(useCompare.getInitialState(), true);
  answer('runs.matrix', ({ runIds, baseline }) => matrixOf(runIds as unknown[], Number(baseline)));
  answer('runs.matrixStatistics', () => [null, { delta: 0.1 }]);
});

describe('compare store', () => {
  it('shows the rows first, then the paired statistics', async () => {
    const stats = held<unknown>();
    answer('runs.matrixStatistics', () => stats.promise);
    const loading = state().matrixRequested(['a', 'b'], 0);
    await vi.waitFor(() => expect(state().matrix?.rows).toHaveLength(2));
    expect(state().matrix?.statistics).toBe(false);
    expect(calledWith('runs.matrix')).toEqual([{ runIds: ['a', 'b'], baseline: 0, statistics: false }]);
    stats.resolve([null, { delta: 0.1 }]);
    await loading;
    expect(state().matrix?.statistics).toBe(true);
    expect(state().matrix?.columns[1]).toMatchObject({ vsBaseline: { delta: 0.1 } });
  });

  it('keeps the rows and says why when only the statistics fail; says why when the rows fail', async () => {
    refuse('runs.matrixStatistics', 'Too few paired questions.');
    await state().matrixRequested(['a', 'b'], 0);
    expect(state()).toMatchObject({ statisticsError: 'Too few paired questions.', error: undefined });
    expect(state().matrix?.rows).toHaveLength(2);

    refuse('runs.matrix', 'No run c.', 'not_found');
    await state().matrixRequested(['a', 'c'], 0);
    expect(state()).toMatchObject({ matrix: undefined, error: 'No run c.' });
  });

  it('drops the answer for runs the user has left', async () => {
    const [slow] = heldAnswers('runs.matrix', 1);
    const first = state().matrixRequested(['a', 'b'], 0);
    answer('runs.matrix', ({ runIds }) => matrixOf(runIds as unknown[]));
    await state().matrixRequested(['c', 'd'], 0);
    slow!.resolve(matrixOf(['a', 'b']));
    await first;
    expect(state().matrix?.columns.map((column) => column.runId)).toEqual(['c', 'd']);
  });

  it('keeps the filters and open row when only the baseline changes, and starts fresh for other runs', async () => {
    await state().matrixRequested(['a', 'b'], 0);
    state().filterChanged({ failuresOnly: true });
    state().rowFocused(1);
    state().rowToggled('q1');
    await state().matrixRequested(['a', 'b'], 1);
    expect(state()).toMatchObject({ baseline: 1, openRow: 'q1', filter: { failuresOnly: true } });

    await state().matrixRequested(['a', 'c'], 0);
    expect(state()).toMatchObject({ openRow: undefined, filter: NO_FILTER, focusedRow: 0, sort: { kind: 'question' } });
  });

  it('moves the focus back to the top when the filter or sort changes; toggles the open row', () => {
    state().rowFocused(5);
    state().filterChanged({ disagreeOnly: true });
    expect(state()).toMatchObject({ focusedRow: 0, filter: { ...NO_FILTER, disagreeOnly: true } });
    state().rowFocused(3);
    state().sortChanged({ kind: 'score', column: 1, direction: 'desc' } as never);
    expect(state().focusedRow).toBe(0);
    state().columnFocused(2);
    expect(state().focusedColumn).toBe(2);
    state().rowToggled('q1');
    expect(state().openRow).toBe('q1');
    state().rowToggled('q1');
    expect(state().openRow).toBeUndefined();
  });

  it('stores a thumbs rating as the label of the cell result and counts it in its column', async () => {
    await state().matrixRequested(['a', 'b'], 0);
    answer('labels.submit', () => ({ label: {} }));
    await state().cellRated('q1', 1, 'pass');
    expect(calledWith('labels.submit')).toEqual([{ subjectType: 'question_result', subjectId: '11', verdict: 'pass' }]);
    expect(state().matrix?.rows[0]?.cells[1]).toMatchObject({ rating: 'pass' });
    expect(state().matrix?.columns[1]?.ratings.up).toBe(1);

    refuse('labels.submit', 'The database is read-only.', 'unavailable');
    await state().cellRated('q1', 1, 'fail');
    expect(state().ratingError).toBe('The rating was not saved: The database is read-only.');
    expect(state().matrix?.rows[0]?.cells[1]).toMatchObject({ rating: 'pass' });
  });

  it('stores a preference against the baseline answer; refuses one on the baseline or without a baseline answer', async () => {
    await state().matrixRequested(['a', 'b'], 0);
    answer('labels.prefer', () => ({}));
    await state().cellPreferred('q1', 1, 'better');
    expect(calledWith('labels.prefer')).toEqual([{ resultId: 11, baselineResultId: 10, preference: 'better' }]);
    expect(state().matrix?.columns[1]?.ratings.better).toBe(1);

    await state().cellPreferred('q1', 0, 'worse');
    expect(state().ratingError).toMatch(/^This is the baseline/);
    await state().matrixRequested(['a', 'b'], 1);
    await state().cellPreferred('q2', 0, 'worse');
    expect(state().ratingError).toBe('The baseline has no answer to this question to compare with.');
    expect(calledWith('labels.prefer')).toHaveLength(1);
  });
});
