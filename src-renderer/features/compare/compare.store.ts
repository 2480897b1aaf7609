// The comparison matrix screen: the matrix of the routed runs, its baseline, filters, sort, focus and open row.
import { create } from 'zustand';
import {
  NO_FILTER,
  withRating,
  withStatistics,
  type MatrixFilter,
  type MatrixSort,
} from '../../../src-shared/compare/matrix-view';
import type { Preference } from '../../../src-shared/model/preference';
import type { LabelVerdict, RunMatrix } from '../../../src-shared/model';
import { api } from '../../api/client';
import { messageOf } from '../../../src-shared/text/message-of';

type CompareState = {
  /** The runs and baseline the shown matrix (or the request in flight) is for; a late answer for another key is dropped. */
  requestKey: string | undefined;
  matrix: RunMatrix | undefined;
  baseline: number;
  error: string | undefined;
  /** Why the paired statistics could not be computed (the rows are still shown). */
  statisticsError: string | undefined;
  /** A rating that could not be stored. */
  ratingError: string | undefined;
  filter: MatrixFilter;
  sort: MatrixSort;
  focusedRow: number;
  focusedColumn: number;
  openRow: string | undefined;
  matrixRequested(runIds: readonly string[], baseline: number): Promise<void>;
  filterChanged(patch: Partial<MatrixFilter>): void;
  sortChanged(sort: MatrixSort): void;
  rowFocused(index: number): void;
  columnFocused(index: number): void;
  rowToggled(questionId: string): void;
  /** Thumbs up (pass), down (fail) or cleared (null) on one cell, stored as the label of its result. */
  cellRated(questionId: string, column: number, rating: LabelVerdict | null): Promise<void>;
  /** Better, worse or the same as the baseline's answer (null clears), stored as a tag of the cell's result label. */
  cellPreferred(questionId: string, column: number, preference: Preference | null): Promise<void>;
};

/**
 * Resolves once the browser has drawn what was just set, or after a quarter second in a hidden window (which draws no
 * frames); at once where nothing is drawn, as in unit tests.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });

/** What a comparison of other runs starts from. */
const FRESH = {
  matrix: undefined,
  openRow: undefined,
  filter: NO_FILTER,
  sort: { kind: 'question' },
  focusedRow: 0,
  focusedColumn: 0,
} as const;

export const useCompare = create<CompareState>((set, get) => ({
  requestKey: undefined,
  matrix: undefined,
  baseline: 0,
  error: undefined,
  statisticsError: undefined,
  ratingError: undefined,
  filter: NO_FILTER,
  sort: { kind: 'question' },
  focusedRow: 0,
  focusedColumn: 0,
  openRow: undefined,
  async matrixRequested(runIds, baseline) {
    const requestKey = `${runIds.join('|')}#${baseline}`;
    const sameRuns = get().requestKey?.split('#')[0] === runIds.join('|');
    set({ requestKey, baseline, error: undefined, ...(sameRuns ? {} : FRESH) });
    const current = () => get().requestKey === requestKey;
    try {
      // The rows first; the paired bootstraps (most of the cost on a large matrix) follow in their own call.
      const matrix = await api['runs.matrix']({ runIds: [...runIds], baseline, statistics: false });
      if (!current()) return;
      set({ matrix, statisticsError: undefined });
      // The bootstraps keep the service busy for a while: asked once the rows are drawn, they do not slow the drawing.
      await afterPaint();
      if (!current()) return;
      const comparisons = await api['runs.matrixStatistics']({ runIds: [...runIds], baseline });
      const shown = get().matrix;
      if (current() && shown) set({ matrix: withStatistics(shown, comparisons) });
    } catch (error) {
      const message = messageOf(error);
      if (current()) set(get().matrix ? { statisticsError: message } : { error: message });
    }
  },
  filterChanged: (patch) => set((state) => ({ filter: { ...state.filter, ...patch }, focusedRow: 0 })),
  sortChanged: (sort) => set({ sort, focusedRow: 0 }),
  rowFocused: (focusedRow) => set({ focusedRow }),
  columnFocused: (focusedColumn) => set({ focusedColumn }),
  rowToggled: (questionId) => set((state) => ({ openRow: state.openRow === questionId ? undefined : questionId })),
  async cellRated(questionId, column, rating) {
    const cell = get().matrix?.rows.find((row) => row.questionId === questionId)?.cells[column];
    if (!cell) return;
    try {
      await api['labels.submit']({ subjectType: 'question_result', subjectId: String(cell.resultId), verdict: rating });
      const matrix = get().matrix;
      if (matrix) set({ matrix: withRating(matrix, questionId, column, { rating }), ratingError: undefined });
    } catch (error) {
      set({ ratingError: `The rating was not saved: ${messageOf(error)}` });
    }
  },
  async cellPreferred(questionId, column, preference) {
    const matrix = get().matrix;
    const row = matrix?.rows.find((candidate) => candidate.questionId === questionId);
    const cell = row?.cells[column];
    if (!matrix || !cell) return;
    const base = row?.cells[matrix.baseline];
    if (column === matrix.baseline || !base) {
      set({
        ratingError:
          column === matrix.baseline
            ? 'This is the baseline: rate another column better, worse or the same as it.'
            : 'The baseline has no answer to this question to compare with.',
      });
      return;
    }
    try {
      await api['labels.prefer']({ resultId: cell.resultId, baselineResultId: base.resultId, preference });
      const shown = get().matrix;
      if (shown) set({ matrix: withRating(shown, questionId, column, { preference }), ratingError: undefined });
    } catch (error) {
      set({ ratingError: `The rating was not saved: ${messageOf(error)}` });
    }
  },
}));
