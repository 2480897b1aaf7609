// The matrix's rows, virtualised: a question per row, a cell per column; arrows move between rows, [ and ] between
// columns, Enter opens a row, + and − rate the focused cell (0 clears), b, w and s rate it better, worse or the same as
// the baseline's answer (the same key again clears), h opens the question's timeline on the focused column's target.
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Preference } from '../../../src-shared/model/preference';
import type { MatrixRow, RunMatrix } from '../../../src-shared/model';
import { MatrixCellView } from './MatrixCellView';
import { MatrixRowDetail } from './MatrixRowDetail';
import { useCompare } from './compare.store';
import { navigate } from '../../navigation/router';
import { IdText } from '../../components/IdText';

/** A closed row's height before any was measured: a head line and three lines of answer. */
const ROW_HEIGHT_GUESS = 109;
/** The sticky strip of column names above the rows (see .matrix-strip): a row scrolled to is kept below it. */
const STRIP_HEIGHT = 40;

/** The pane the page scrolls in: the app's main element. */
const paneOf = (element: HTMLElement | null): HTMLElement | null => element?.closest<HTMLElement>('.main') ?? null;

export function MatrixGrid({
  matrix,
  rows,
  template,
  gridRef,
}: {
  matrix: RunMatrix;
  rows: readonly MatrixRow[];
  template: string;
  /** Given the grid's element, so the page can focus it when the matrix opens. */
  gridRef?: RefObject<HTMLDivElement | null>;
}) {
  const focusedRow = useCompare((state) => state.focusedRow);
  const focusedColumn = useCompare((state) => state.focusedColumn);
  const openRow = useCompare((state) => state.openRow);
  const baseline = useCompare((state) => state.baseline);
  const rowFocused = useCompare((state) => state.rowFocused);
  const columnFocused = useCompare((state) => state.columnFocused);
  const rowToggled = useCompare((state) => state.rowToggled);
  const cellRated = useCompare((state) => state.cellRated);
  const cellPreferred = useCompare((state) => state.cellPreferred);
  const scroller = useRef<HTMLDivElement | null>(null);
  // The rows scroll with the page (the app's main pane), not in a box of their own: the virtualiser measures from where
  // the grid starts in that pane, and keeps a row it scrolls to clear of the sticky column strip.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const grid = scroller.current;
    const pane = paneOf(grid);
    if (!grid || !pane) return;
    const margin = grid.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
    if (Math.abs(margin - scrollMargin) > 0.5) setScrollMargin(margin);
  });
  // A row not yet drawn is taken to be as tall as the last closed row measured: rows are mostly alike (answers cut to
  // the same number of lines), so a new row rarely moves the rows after it and costs no second render.
  const typicalHeight = useRef(ROW_HEIGHT_GUESS);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => paneOf(scroller.current),
    estimateSize: () => typicalHeight.current,
    measureElement: (element, entry, instance) => {
      const height = measureElement(element, entry, instance);
      if (!element.hasAttribute('data-open')) typicalHeight.current = height;
      return height;
    },
    scrollMargin,
    scrollPaddingStart: STRIP_HEIGHT,
    overscan: 4,
  });
  // The focused row is kept in view as it moves; opening the matrix leaves the page at its top, headers in view.
  const shownRow = useRef(focusedRow);
  useEffect(() => {
    if (shownRow.current === focusedRow || rows.length === 0) return;
    shownRow.current = focusedRow;
    virtualizer.scrollToIndex(Math.min(focusedRow, rows.length - 1), { align: 'auto' });
  }, [focusedRow, rows.length, virtualizer]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = rows.length - 1;
    const lastColumn = matrix.columns.length - 1;
    const rate = (rating: 'pass' | 'fail' | null) => () => {
      const row = rows[focusedRow];
      if (row) void cellRated(row.questionId, focusedColumn, rating);
    };
    const prefer = (preference: Preference) => () => {
      const row = rows[focusedRow];
      if (!row) return;
      const current = row.cells[focusedColumn]?.preference ?? null;
      void cellPreferred(row.questionId, focusedColumn, current === preference ? null : preference);
    };
    const moves: Record<string, () => void> = {
      b: prefer('better'),
      w: prefer('worse'),
      s: prefer('same'),
      '+': rate('pass'),
      '=': rate('pass'),
      '-': rate('fail'),
      '0': rate(null),
      ArrowDown: () => rowFocused(Math.min(last, focusedRow + 1)),
      ArrowUp: () => rowFocused(Math.max(0, focusedRow - 1)),
      PageDown: () => rowFocused(Math.min(last, focusedRow + 10)),
      PageUp: () => rowFocused(Math.max(0, focusedRow - 10)),
      Home: () => rowFocused(0),
      End: () => rowFocused(Math.max(0, last)),
      ']': () => columnFocused(Math.min(lastColumn, focusedColumn + 1)),
      ArrowRight: () => columnFocused(Math.min(lastColumn, focusedColumn + 1)),
      '[': () => columnFocused(Math.max(0, focusedColumn - 1)),
      ArrowLeft: () => columnFocused(Math.max(0, focusedColumn - 1)),
      Enter: () => {
        const row = rows[focusedRow];
        if (row) rowToggled(row.questionId);
      },
      h: () => {
        const row = rows[focusedRow];
        const column = matrix.columns[focusedColumn];
        if (row && column) navigate('history', column.targetId, row.questionId);
      },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div
      ref={(element) => {
        scroller.current = element;
        if (gridRef) gridRef.current = element;
      }}
      className="matrix-scroller"
      tabIndex={0}
      role="grid"
      aria-label="Questions by column: arrows move, [ and ] change column, Enter opens, + and − rate the focused cell, b w s rate it better, worse or the same as the baseline, h opens the question's timeline"
      aria-rowcount={rows.length}
      onKeyDown={onKeyDown}
      data-testid="matrix-grid"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index] as MatrixRow;
          const focused = item.index === focusedRow;
          return (
            <MatrixGridRow
              key={row.questionId}
              index={item.index}
              start={item.start - scrollMargin}
              measure={virtualizer.measureElement}
              row={row}
              matrix={matrix}
              template={template}
              open={openRow === row.questionId}
              focusedColumn={focused ? focusedColumn : -1}
              detailColumn={openRow === row.questionId ? focusedColumn : 0}
              baseline={baseline}
            />
          );
        })}
      </div>
    </div>
  );
}

type RowProps = Readonly<{
  index: number;
  start: number;
  measure: (element: Element | null) => void;
  row: MatrixRow;
  matrix: RunMatrix;
  template: string;
  open: boolean;
  /** The focused cell's column in this row; -1 when the row is not focused. */
  focusedColumn: number;
  /** The column the open row's detail compares from. */
  detailColumn: number;
  baseline: number;
}>;

/**
 * One question's row; memoised, so a scroll frame renders only the rows it brings in, not every row in view. It reads
 * the store's actions when an event fires rather than subscribing, and draws the rating buttons only while it is
 * focused (a click or the arrow keys focus a row).
 */
const MatrixGridRow = memo(function MatrixGridRow({
  index,
  start,
  measure,
  row,
  matrix,
  template,
  open,
  focusedColumn,
  detailColumn,
  baseline,
}: RowProps) {
  const focused = focusedColumn >= 0;
  return (
    <div
      data-index={index}
      ref={measure}
      className={`matrix-row-wrap ${focused ? 'focused' : ''}`}
      data-open={open || undefined}
      style={{ transform: `translateY(${start}px)` }}
      role="row"
      aria-selected={focused}
      data-testid={`matrix-row-${row.questionId}`}
    >
      <div
        className="matrix-row"
        style={{ gridTemplateColumns: template }}
        onClick={() => {
          const { rowFocused, rowToggled } = useCompare.getState();
          rowFocused(index);
          rowToggled(row.questionId);
        }}
      >
        <div className="matrix-question">
          <span className="mono">
            {open ? '▾' : '▸'} <IdText id={row.questionId} />
          </span>
          {row.tags.length > 0 && <span className="muted matrix-tags">{row.tags.join(', ')}</span>}
        </div>
        {row.cells.map((cell, i) => (
          <MatrixCellView
            key={matrix.columns[i]?.runId ?? i}
            cell={cell}
            graders={matrix.graders}
            passThreshold={matrix.questionPassThreshold}
            focused={i === focusedColumn}
            controls={focused}
            onRate={(rating) => void useCompare.getState().cellRated(row.questionId, i, rating)}
            isBaseline={i === matrix.baseline}
            onPrefer={(preference) => void useCompare.getState().cellPreferred(row.questionId, i, preference)}
          />
        ))}
      </div>
      {open && <MatrixRowDetail row={row} columns={matrix.columns} baseline={baseline} focusedColumn={detailColumn} />}
    </div>
  );
});
