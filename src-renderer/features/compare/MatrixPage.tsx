// Runs side by side (issue 22): prompt variants, models or any runs as columns, questions as rows, with filters,
// keyboard navigation, the statistics that say which column is better, and CSV or markdown export.
import { useEffect, useMemo, useRef } from 'react';
import { matrixCsv, matrixMarkdown, matrixTags } from '../../../src-shared/compare/matrix-view';
import type { RunMatrix } from '../../../src-shared/model';
import { navigate } from '../../navigation/router';
import { MatrixColumnHeader } from './MatrixColumnHeader';
import { MatrixGrid } from './MatrixGrid';
import { visibleRows } from './compare.selectors';
import { useCompare } from './compare.store';
import { Checkbox } from '../../components/Checkbox';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Whether column `index`'s run finished before every other column's. */
const isOldest = (columns: RunMatrix['columns'], index: number): boolean => {
  const at = columns[index]?.finishedAt ?? null;
  return at !== null && columns.every((column, i) => i === index || (column.finishedAt ?? Infinity) > at);
};

/** The shown rows (filtered and sorted) as a file. */
const EXPORTS = [
  { kind: 'csv', label: 'CSV', file: 'comparison.csv', type: 'text/csv', write: matrixCsv },
  { kind: 'markdown', label: 'markdown', file: 'comparison.md', type: 'text/markdown', write: matrixMarkdown },
] as const;

export function MatrixPage({ runIds }: { runIds: readonly string[] }) {
  const matrix = useCompare((state) => state.matrix);
  const error = useCompare((state) => state.error);
  const baseline = useCompare((state) => state.baseline);
  const filter = useCompare((state) => state.filter);
  const sort = useCompare((state) => state.sort);
  const focusedColumn = useCompare((state) => state.focusedColumn);
  const matrixRequested = useCompare((state) => state.matrixRequested);
  const filterChanged = useCompare((state) => state.filterChanged);
  const sortChanged = useCompare((state) => state.sortChanged);
  const ratingError = useCompare((state) => state.ratingError);
  const statisticsError = useCompare((state) => state.statisticsError);
  const key = runIds.join('|');
  useEffect(() => void matrixRequested(key.split('|'), 0), [key, matrixRequested]);
  // The rows take the keyboard as soon as a matrix opens, so ↓ and Enter work at once (once per set of runs: a filter
  // that empties and refills the grid leaves the focus where the user put it).
  const grid = useRef<HTMLDivElement | null>(null);
  const focusedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!matrix || focusedFor.current === key || !grid.current) return;
    focusedFor.current = key;
    grid.current.focus({ preventScroll: true });
  }, [matrix, key]);
  const rows = useMemo(() => (matrix ? visibleRows(matrix, filter, sort) : []), [matrix, filter, sort]);
  const tags = useMemo(() => (matrix ? matrixTags(matrix) : []), [matrix]);
  if (error)
    return (
      <div className="page">
        <div className="banner error">{error}</div>
      </div>
    );
  if (!matrix) return <div className="page muted">Loading the comparison…</div>;
  const template = `minmax(110px, 16%) repeat(${matrix.columns.length}, minmax(180px, 1fr))`;
  const sortValue = sort.kind === 'question' ? 'question' : `${sort.from}>${sort.to}`;
  return (
    <div className="page matrix-page" data-testid="matrix-page">
      <PageHeader
        title="Compare side by side"
        intro={
          <>
            {matrix.columns.length} runs, {matrix.rows.length} questions. Each column is compared with the baseline over
            the questions both answered: a 95% bootstrap interval of the score difference and McNemar’s test of
            pass/fail.
          </>
        }
      >
        <div className="matrix-export">
          {EXPORTS.map(({ kind, label, file, type, write }) => (
            <button
              key={kind}
              className="button"
              onClick={() => download(file, type, write(matrix, rows))}
              data-testid={`export-${kind}`}
            >
              Export {label}
            </button>
          ))}
        </div>
      </PageHeader>
      {ratingError && <div className="banner error">{ratingError}</div>}
      {statisticsError && (
        <div className="banner error">The paired statistics could not be computed: {statisticsError}</div>
      )}
      <div className="toolbar matrix-toolbar">
        <Checkbox
          checked={filter.disagreeOnly}
          onChange={(disagreeOnly) => filterChanged({ disagreeOnly })}
          testId="only-disagreements"
        >
          Only where they disagree
        </Checkbox>
        <label title="Scores further apart than this count as a disagreement">
          by more than{' '}
          <input
            className="input num matrix-gap"
            type="number"
            min={0}
            max={5}
            step={0.25}
            value={filter.scoreGap}
            onChange={(e) => filterChanged({ scoreGap: Math.max(0, Number(e.target.value) || 0) })}
          />
        </label>
        <Checkbox
          checked={filter.failuresOnly}
          onChange={(failuresOnly) => filterChanged({ failuresOnly })}
          testId="only-failures"
        >
          Only failures
        </Checkbox>
        {tags.length > 0 && (
          <FilterSelect
            label="Tag"
            anyLabel="Any tag"
            value={filter.tag}
            options={tags.map((tag) => ({ value: tag, label: tag }))}
            onChange={(tag) => filterChanged({ tag: tag || null })}
          />
        )}
        <FilterSelect
          label="Grader below the threshold"
          anyLabel="Any grader"
          value={filter.grader}
          options={matrix.graders.map((grader) => ({
            value: grader,
            label: `${grader} below ${matrix.questionPassThreshold}`,
          }))}
          onChange={(grader) => filterChanged({ grader: grader || null })}
        />
        <input
          className="input"
          type="search"
          placeholder="Search questions and answers"
          value={filter.search}
          onChange={(e) => filterChanged({ search: e.target.value })}
          aria-label="Search"
        />
        <select
          className="input"
          value={sortValue}
          onChange={(e) => {
            const [from, to] = e.target.value.split('>').map(Number);
            sortChanged(to === undefined ? { kind: 'question' } : { kind: 'difference', from: from!, to });
          }}
          aria-label="Sort"
          data-testid="matrix-sort"
        >
          <option value="question">Sort by question</option>
          {matrix.columns.map((column, i) =>
            i === baseline ? null : (
              <option key={column.runId} value={`${baseline}>${i}`}>
                Largest gain {baseline + 1} → {i + 1}
              </option>
            ),
          )}
        </select>
        <span className="muted num" data-testid="matrix-count">
          {rows.length} of {matrix.rows.length} rows
        </span>
      </div>
      <div className="matrix-headers" style={{ gridTemplateColumns: template }}>
        <div className="muted matrix-keys">
          <kbd>↑</kbd> <kbd>↓</kbd> rows · <kbd>[</kbd> <kbd>]</kbd> columns · <kbd>Enter</kbd> open · <kbd>+</kbd>{' '}
          <kbd>−</kbd> rate · <kbd>b</kbd> <kbd>s</kbd> <kbd>w</kbd> better, same, worse than the baseline ·{' '}
          <kbd>h</kbd> the question’s timeline
        </div>
        {matrix.columns.map((column, i) => (
          <MatrixColumnHeader
            key={column.runId}
            column={column}
            index={i}
            firstPrompt={matrix.columns[0]?.systemPrompt ?? ''}
            focused={i === focusedColumn}
            isBaseline={i === matrix.baseline}
            oldest={isOldest(matrix.columns, i)}
            baselineRunId={matrix.columns[matrix.baseline]?.runId ?? ''}
            statisticsPending={!matrix.statistics && !statisticsError}
            onMakeBaseline={() => void matrixRequested(runIds, i)}
          />
        ))}
      </div>
      {rows.length === 0 ? (
        <div className="empty" data-testid="matrix-empty">
          {matrix.rows.length === 0 ? 'These runs have no results yet.' : 'No question matches these filters.'}
        </div>
      ) : (
        <>
          <div className="matrix-strip" style={{ gridTemplateColumns: template }} data-testid="matrix-strip">
            <div className="muted">Question</div>
            {matrix.columns.map((column, i) => (
              <div key={column.runId} className="matrix-strip-cell" title={column.label}>
                <span className="matrix-column-number">{i + 1}</span> {column.label}
                {i === matrix.baseline && <span className="muted"> · baseline</span>}
              </div>
            ))}
          </div>
          <MatrixGrid matrix={matrix} rows={rows} template={template} gridRef={grid} />
        </>
      )}
      <p className="muted">
        <button className="button link" onClick={() => navigate('results')}>
          ← Results
        </button>
      </p>
    </div>
  );
}
