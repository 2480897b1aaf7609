// What the comparison matrix shows: its filters, its sort by the difference between two columns, and its CSV and
// markdown exports. Pure functions over the matrix, shared by the results screen and `ai-eval compare`.
import type { LabelVerdict } from '../model/label';
import type { MatrixCell, MatrixColumn, MatrixRow, PairedComparison, RunMatrix } from '../model/matrix';
import type { Preference } from '../model/preference';

export type MatrixFilter = Readonly<{
  /** Only rows where the columns disagree: pass/fail differs, a column has no result, or scores differ by more than `scoreGap`. */
  disagreeOnly: boolean;
  scoreGap: number;
  /** Only rows that fail (or have no result) in some column. */
  failuresOnly: boolean;
  tag: string | null;
  /** Only rows where this grader scored below the pass threshold in some column. */
  grader: string | null;
  /** Matches the question id, a tag or an answer preview (case-insensitive). */
  search: string;
}>;

export const NO_FILTER: MatrixFilter = {
  disagreeOnly: false,
  scoreGap: 0.5,
  failuresOnly: false,
  tag: null,
  grader: null,
  search: '',
};

export type MatrixSort = Readonly<{ kind: 'question' } | { kind: 'difference'; from: number; to: number }>;

/** True when the columns of a row do not tell the same story. */
export function rowDisagrees(row: MatrixRow, scoreGap: number): boolean {
  if (row.cells.some((cell) => cell === null)) return true;
  const cells = row.cells as MatrixCell[];
  if (cells.some((cell) => cell.passed !== cells[0]!.passed)) return true;
  const scores = cells.flatMap((cell) => (cell.score === null ? [] : [cell.score]));
  if (scores.length !== cells.length) return scores.length > 0;
  return Math.max(...scores) - Math.min(...scores) > scoreGap;
}

function matchesSearch(row: MatrixRow, needle: string): boolean {
  if (needle === '') return true;
  const inText = (text: string) => text.toLowerCase().includes(needle);
  return (
    inText(row.questionId) || row.tags.some(inText) || row.cells.some((cell) => cell !== null && inText(cell.preview))
  );
}

/** The rows that pass every filter, in the matrix's order. */
export function filterRows(matrix: RunMatrix, filter: MatrixFilter): MatrixRow[] {
  const graderIndex = filter.grader === null ? -1 : matrix.graders.indexOf(filter.grader);
  const needle = filter.search.trim().toLowerCase();
  return matrix.rows.filter(
    (row) =>
      (!filter.disagreeOnly || rowDisagrees(row, filter.scoreGap)) &&
      (!filter.failuresOnly || row.cells.some((cell) => cell === null || !cell.passed)) &&
      (filter.tag === null || row.tags.includes(filter.tag)) &&
      (graderIndex < 0 ||
        row.cells.some((cell) => {
          const score = cell?.graders[graderIndex];
          return score !== undefined && score !== null && score < matrix.questionPassThreshold;
        })) &&
      matchesSearch(row, needle),
  );
}

/** The score of column `to` minus column `from` in a row; null when either is missing. */
export function rowDifference(row: MatrixRow, from: number, to: number): number | null {
  const a = row.cells[from]?.score;
  const b = row.cells[to]?.score;
  return a === null || a === undefined || b === null || b === undefined ? null : b - a;
}

/**
 * localeCompare's order, with the collator built once rather than looked up at every comparison; built at the first
 * sort, since loading the locale's collation data takes milliseconds that a CLI run never needs.
 */
let collator: Intl.Collator | undefined;

/** Rows sorted by question id, or by the difference between two columns, largest gain first (rows without one last). */
export function sortRows(rows: readonly MatrixRow[], sort: MatrixSort): MatrixRow[] {
  const byText = (collator ??= new Intl.Collator()).compare;
  if (sort.kind === 'question') return [...rows].sort((a, b) => byText(a.questionId, b.questionId));
  const key = (row: MatrixRow) => rowDifference(row, sort.from, sort.to) ?? Number.NEGATIVE_INFINITY;
  return [...rows].sort((a, b) => key(b) - key(a) || byText(a.questionId, b.questionId));
}

/** Every tag of the matrix's rows, sorted, for the tag filter. */
export const matrixTags = (matrix: RunMatrix): string[] => [...new Set(matrix.rows.flatMap((row) => row.tags))].sort();

const score = (value: number | null | undefined) => (value === null || value === undefined ? '' : value.toFixed(2));
const verdictOf = (cell: MatrixCell | null) => (cell === null ? 'missing' : cell.passed ? 'pass' : 'fail');

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The rows as CSV (RFC 4180): per column its verdict, score, spread, a person's rating (thumbs) and preference over
 * the baseline, and the answer preview.
 */
export function matrixCsv(matrix: RunMatrix, rows: readonly MatrixRow[]): string {
  const header = ['question_id', 'tags'];
  matrix.columns.forEach((column, i) => {
    const name = `${i + 1}:${column.label}`;
    header.push(
      `${name} verdict`,
      `${name} score`,
      `${name} sd`,
      `${name} rating`,
      `${name} vs baseline`,
      `${name} answer`,
    );
  });
  const lines = rows.map((row) => {
    const fields = [row.questionId, row.tags.join(' ')];
    for (const cell of row.cells)
      fields.push(
        verdictOf(cell),
        score(cell?.score),
        score(cell?.scoreSd),
        cell?.rating ?? '',
        cell?.preference ?? '',
        cell?.preview ?? '',
      );
    return fields.map(csvField).join(',');
  });
  return `${[header.map(csvField).join(','), ...lines].join('\r\n')}\r\n`;
}

const markdownCell = (text: string) =>
  text
    .replaceAll('\\', '\\\\')
    .replaceAll('|', '\\|')
    .replace(/\s*\r?\n\s*/g, ' ');

/** The statistics of every column, then the rows as a markdown table (answers cut to `answerChars`). */
export function matrixMarkdown(matrix: RunMatrix, rows: readonly MatrixRow[], answerChars = 80): string {
  const lines = [
    '| column | model | avg score | pass rate | rated good / bad | rated better / worse / same | vs baseline |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  matrix.columns.forEach((column, i) => {
    const passRate = column.passRate === null ? '' : `${(column.passRate * 100).toFixed(0)}%`;
    const versus = i === matrix.baseline ? 'baseline' : (column.vsBaseline?.sentence ?? 'statistics not computed yet');
    const { up, down, better, worse, same } = column.ratings;
    const preferred = i === matrix.baseline ? '' : `${better} / ${worse} / ${same}`;
    lines.push(
      `| ${i + 1}. ${markdownCell(column.label)} | ${markdownCell(column.model)} | ${score(column.avgScore)} | ${passRate} | ${up} / ${down} | ${preferred} | ${markdownCell(versus)} |`,
    );
  });
  lines.push('', `| question | ${matrix.columns.map((_, i) => `${i + 1}`).join(' | ')} |`);
  lines.push(`| --- |${' --- |'.repeat(matrix.columns.length)}`);
  for (const row of rows) {
    const cells = row.cells.map((cell) => {
      if (cell === null) return 'missing';
      const answer = cell.preview.length > answerChars ? `${cell.preview.slice(0, answerChars - 1)}…` : cell.preview;
      const rating = cell.rating === 'pass' ? ' rated good' : cell.rating === 'fail' ? ' rated bad' : '';
      const preferred = cell.preference ? ` (${cell.preference})` : '';
      return `${cell.passed ? '✓' : '✗'} ${score(cell.score)}${rating}${preferred} ${markdownCell(answer)}`;
    });
    lines.push(`| ${markdownCell(row.questionId)} | ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** How many of these cells a person rated: good and bad, and better, worse or the same as the baseline. */
export function ratingCounts(cells: readonly (MatrixCell | null | undefined)[]): MatrixColumn['ratings'] {
  const counts = { up: 0, down: 0, better: 0, worse: 0, same: 0 };
  for (const cell of cells) {
    if (cell?.rating === 'pass') counts.up += 1;
    if (cell?.rating === 'fail') counts.down += 1;
    if (cell?.preference) counts[cell.preference] += 1;
  }
  return counts;
}

/** What a person said about one cell: a thumbs verdict, a preference over the baseline, or both (null clears). */
export type CellRating = Readonly<{ rating?: LabelVerdict | null; preference?: Preference | null }>;

/** The matrix with one cell's rating changed and its column's counts updated (what a stored label changes). */
export function withRating(matrix: RunMatrix, questionId: string, column: number, change: CellRating): RunMatrix {
  const cell = matrix.rows.find((row) => row.questionId === questionId)?.cells[column];
  if (!cell) return matrix;
  const rows = matrix.rows.map((row) =>
    row.questionId === questionId
      ? { ...row, cells: row.cells.map((other, i) => (i === column ? { ...cell, ...change } : other)) }
      : row,
  );
  const columns = matrix.columns.map((header, i) =>
    i === column ? { ...header, ratings: ratingCounts(rows.map((row) => row.cells[i])) } : header,
  );
  return { ...matrix, rows, columns };
}

/** The matrix with each column's paired comparison filled in, as `runs.matrixStatistics` answered in column order. */
export function withStatistics(matrix: RunMatrix, comparisons: readonly (PairedComparison | null)[]): RunMatrix {
  return {
    ...matrix,
    statistics: true,
    columns: matrix.columns.map((column, i) => ({ ...column, vsBaseline: comparisons[i] ?? null })),
  };
}
