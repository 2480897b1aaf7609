import { describe, expect, it } from 'vitest';
import {
  filterRows,
  matrixCsv,
  matrixMarkdown,
  matrixTags,
  NO_FILTER,
  rowDisagrees,
  sortRows,
  withRating,
} from '../../../src-shared/compare/matrix-view';
import type { MatrixCell, MatrixColumn, RunMatrix } from '../../../src-shared/model';

const cell = (score: number | null, passed: boolean, preview = 'an answer', graders = [score]): MatrixCell => ({
  resultId: 1,
  status: score === null ? 'degraded' : 'scored',
  score,
  scoreSd: null,
  passed,
  repeats: 1,
  preview,
  answerChars: preview.length,
  error: null,
  rating: null,
  preference: null,
  graders,
});

const column = (label: string): MatrixColumn => ({
  runId: label,
  targetId: 'chat',
  label,
  provider: 'local',
  model: 'llama3.1:8b',
  systemPrompt: '',
  status: 'complete',
  finishedAt: 0,
  repeat: 1,
  questions: 4,
  avgScore: 3,
  passRate: 0.5,
  passRateCi: [0.1, 0.9],
  costUsd: null,
  latencyP50Ms: 12,
  ratings: { up: 0, down: 0, better: 0, worse: 0, same: 0 },
  vsBaseline: null,
});

const matrix: RunMatrix = {
  columns: [column('A'), column('B | pipe')],
  graders: ['relevance'],
  questionPassThreshold: 3.5,
  baseline: 0,
  statistics: true,
  rows: [
    { questionId: 'same', tags: ['hours'], cells: [cell(4, true), cell(4.2, true)] },
    {
      questionId: 'flip',
      tags: ['loans'],
      cells: [cell(3, false), { ...cell(4, true, 'says "yes", then\nmore'), rating: 'pass', preference: 'better' }],
    },
    { questionId: 'gap', tags: [], cells: [cell(1, false), cell(3, false)] },
    { questionId: 'missing', tags: ['hours'], cells: [cell(4, true), null] },
  ],
};

describe('matrix view', () => {
  it('finds disagreement in pass/fail, a missing result, or a score gap above the threshold', () => {
    expect(matrix.rows.map((row) => rowDisagrees(row, 0.5))).toEqual([false, true, true, true]);
    expect(rowDisagrees(matrix.rows[2]!, 2)).toBe(false);
  });

  it('filters by disagreement, failures, tag, grader and text', () => {
    const ids = (filter: Partial<typeof NO_FILTER>) =>
      filterRows(matrix, { ...NO_FILTER, ...filter }).map((row) => row.questionId);
    expect(ids({})).toEqual(['same', 'flip', 'gap', 'missing']);
    expect(ids({ disagreeOnly: true })).toEqual(['flip', 'gap', 'missing']);
    expect(ids({ failuresOnly: true })).toEqual(['flip', 'gap', 'missing']);
    expect(ids({ tag: 'hours' })).toEqual(['same', 'missing']);
    expect(ids({ grader: 'relevance' })).toEqual(['flip', 'gap']);
    expect(ids({ search: 'YES' })).toEqual(['flip']);
    expect(matrixTags(matrix)).toEqual(['hours', 'loans']);
  });

  it('sorts by the difference between two columns, largest gain first, rows without one last', () => {
    const sorted = sortRows(matrix.rows, { kind: 'difference', from: 0, to: 1 });
    expect(sorted.map((row) => row.questionId)).toEqual(['gap', 'flip', 'same', 'missing']);
    expect(sortRows(matrix.rows, { kind: 'question' }).map((row) => row.questionId)).toEqual([
      'flip',
      'gap',
      'missing',
      'same',
    ]);
  });

  it('writes CSV with quoted fields and one verdict, score, spread, rating, preference and answer per column', () => {
    const csv = matrixCsv(matrix, matrix.rows.slice(1, 2));
    expect(csv).toBe(
      'question_id,tags,1:A verdict,1:A score,1:A sd,1:A rating,1:A vs baseline,1:A answer,' +
        '2:B | pipe verdict,2:B | pipe score,2:B | pipe sd,2:B | pipe rating,2:B | pipe vs baseline,2:B | pipe answer\r\n' +
        'flip,loans,fail,3.00,,,,an answer,pass,4.00,,pass,better,"says ""yes"", then\nmore"\r\n',
    );
  });

  it('changes one cell’s rating and its column’s counts, and leaves the rest as it was', () => {
    // The fixture's column 2 already has one cell rated good and better (row "flip").
    const up = withRating(matrix, 'same', 1, { rating: 'pass' });
    expect(up.rows[0]!.cells[1]!.rating).toBe('pass');
    expect(up.columns[1]!.ratings).toEqual({ up: 2, down: 0, better: 1, worse: 0, same: 0 });
    const flipped = withRating(up, 'same', 1, { rating: 'fail' });
    expect(flipped.columns[1]!.ratings).toEqual({ up: 1, down: 1, better: 1, worse: 0, same: 0 });
    const cleared = withRating(flipped, 'same', 1, { rating: null });
    expect(cleared.columns[1]!.ratings).toEqual({ up: 1, down: 0, better: 1, worse: 0, same: 0 });
    // A preference leaves the thumbs alone, and the other way round.
    const worse = withRating(cleared, 'flip', 1, { preference: 'worse' });
    expect(worse.rows[1]!.cells[1]).toMatchObject({ rating: 'pass', preference: 'worse' });
    expect(worse.columns[1]!.ratings).toEqual({ up: 1, down: 0, better: 0, worse: 1, same: 0 });
    expect(withRating(worse, 'flip', 1, { preference: null }).columns[1]!.ratings).toEqual({
      up: 1,
      down: 0,
      better: 0,
      worse: 0,
      same: 0,
    });
    expect(up.rows[1]).toBe(matrix.rows[1]);
    expect(withRating(matrix, 'missing', 1, { rating: 'pass' })).toEqual(matrix);
  });

  it('writes markdown with escaped pipes and answers on one line', () => {
    const markdown = matrixMarkdown(matrix, matrix.rows.slice(1), 10);
    expect(markdown).toContain('| 1. A | llama3.1:8b | 3.00 | 50% | 0 / 0 |  | baseline |');
    expect(markdown).toContain(
      '| 2. B \\| pipe | llama3.1:8b | 3.00 | 50% | 0 / 0 | 0 / 0 / 0 | statistics not computed yet |',
    );
    expect(markdown).toContain('| flip | ✗ 3.00 an answer | ✓ 4.00 rated good (better) says "yes… |');
    expect(markdown).toContain('| missing | ✓ 4.00 an answer | missing |');
  });
});
