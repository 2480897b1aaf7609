import { beforeEach, describe, expect, it } from 'vitest';
import { buildMatrix, matrixStatistics } from '../../../../src-main/engine/compare/run-matrix';
import { MATRIX_PREVIEW_CHARS } from '../../../../src-main/store/repos/matrix.repo';
import type { Store } from '../../../../src-main/store/store';
import { identity, newResult, newRun, storeWithRuns } from './run-fixtures';

describe('MatrixRepo and the matrix built from it', () => {
  let store: Store;
  beforeEach(() => {
    store = storeWithRuns('r1', 'r2');
  });

  const sourceOf = (runId: string) => ({
    run: store.repos.runs.get(runId)!,
    results: store.repos.matrix.results(runId),
    graderScores: store.repos.matrix.graderScores(runId),
  });

  it('reads whole runs lean: answers cut to a preview with their length, and grader scores per result', () => {
    const { results, matrix } = store.repos;
    const long = 'x'.repeat(MATRIX_PREVIEW_CHARS + 50);
    const id = results.insert(newResult('r1', 'a', { response: long, costUsd: 0.002 }));
    results.insert(
      newResult('r1', 'b', { status: 'degraded', score: null, passed: null, error: 'timeout', graders: [] }),
    );
    expect(matrix.results('r1')).toEqual([
      expect.objectContaining({
        id,
        questionId: 'a',
        preview: 'x'.repeat(MATRIX_PREVIEW_CHARS),
        answerChars: long.length,
        costUsd: 0.002,
      }),
      expect.objectContaining({ questionId: 'b', status: 'degraded', score: null, passed: null, error: 'timeout' }),
    ]);
    expect(matrix.graderScores('r1')).toEqual([{ resultId: id, graderId: 'format_grader', score0to5: 4 }]);
  });

  it('joins rows by question id with missing sides, folds repeats, and compares with the baseline', async () => {
    const { results } = store.repos;
    results.insert(newResult('r1', 'a', { score: 3, passed: false }));
    results.insert(newResult('r2', 'a', { score: 4, passed: true }));
    results.insert(newResult('r2', 'a', { repeatIndex: 1, score: 5, passed: true }));
    results.insert(newResult('r1', 'b', { score: 5 }));
    results.insert(newResult('r2', 'b', { score: 5 }));
    results.insert(newResult('r1', 'c'));
    results.insert(newResult('r2', 'd'));
    const matrix = buildMatrix([sourceOf('r1'), sourceOf('r2')], {
      baseline: 0,
      tagsOf: (id) => (id === 'a' ? ['hours'] : []),
    });
    expect(matrix.rows.map((row) => [row.questionId, row.tags, row.cells.map((cell) => cell?.score ?? null)])).toEqual([
      ['a', ['hours'], [3, 4.5]],
      ['b', [], [5, 5]],
      ['c', [], [4, null]],
      ['d', [], [null, 4]],
    ]);
    const folded = matrix.rows[0]!.cells[1]!;
    expect(folded).toMatchObject({ repeats: 2, passed: true, graders: [4] });
    expect(folded.scoreSd).toBeCloseTo(Math.SQRT1_2, 12);
    expect(matrix.columns.map((column) => column.questions)).toEqual([3, 3]);
    // The rows come without statistics; they follow from their own call.
    expect(matrix.statistics).toBe(false);
    expect(matrix.columns.map((column) => column.vsBaseline)).toEqual([null, null]);
    const [base, versus] = await matrixStatistics([sourceOf('r1'), sourceOf('r2')], 0);
    expect(base).toBeNull();
    expect(versus).toMatchObject({ paired: 2, improved: 1, worsened: 0 });
    expect(versus!.scoreDifference!.estimate).toBeCloseTo(0.75, 12);
  });

  it('labels columns by what they ran, and by run id when two would read the same (issue 49)', async () => {
    store.repos.runs.insert(newRun('r3', { identity: identity({ model: 'm2' }) }));
    store.repos.runs.insert(newRun('r4', { identity: identity({ promptVariant: 'variant 2/2' }) }));
    for (const id of ['r1', 'r2', 'r3', 'r4']) store.repos.results.insert(newResult(id, 'a'));
    const sources = ['r1', 'r2', 'r3', 'r4'].map(sourceOf);
    const matrix = buildMatrix(sources, { baseline: 0, tagsOf: () => [] });
    expect(matrix.columns.map((column) => column.label)).toEqual([
      't1 · m1 · run r1',
      't1 · m1 · run r2',
      't1 · m2',
      'variant 2/2',
    ]);
    // The comparison sentences name the column by the same label.
    const [, second] = await matrixStatistics(sources, 0);
    expect(second!.sentence.startsWith('t1 · m1 · run r2')).toBe(true);
  });

  it('reads a preference over the baseline’s result from the label’s tags, and counts it in the column', () => {
    const { results, labels } = store.repos;
    const baseA = results.insert(newResult('r1', 'a'));
    const otherA = results.insert(newResult('r2', 'a'));
    results.insert(newResult('r1', 'b'));
    const otherB = results.insert(newResult('r2', 'b'));
    const subject = (id: number) => ({ subjectType: 'question_result', subjectId: String(id) }) as const;
    labels.apply([subject(otherA)], { verdict: 'pass', tags: ['hours', `vs #${baseA}: better`] }, 'b1', 1);
    labels.apply([subject(otherB)], { tags: ['vs #999: worse'] }, 'b2', 1); // against another baseline
    const matrix = buildMatrix([sourceOf('r1'), sourceOf('r2')], { baseline: 0, tagsOf: () => [] });
    expect(matrix.rows.map((row) => row.cells.map((cell) => [cell?.rating, cell?.preference]))).toEqual([
      [
        [null, null],
        ['pass', 'better'],
      ],
      [
        [null, null],
        [null, null],
      ],
    ]);
    expect(matrix.columns[1]!.ratings).toEqual({ up: 1, down: 0, better: 1, worse: 0, same: 0 });
    // With the other column as the baseline, the preference (over r1's answer) does not apply.
    const swapped = buildMatrix([sourceOf('r1'), sourceOf('r2')], { baseline: 1, tagsOf: () => [] });
    expect(swapped.columns.map((column) => column.ratings.better)).toEqual([0, 0]);
  });
});
