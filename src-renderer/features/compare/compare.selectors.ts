// Pure reads of the comparison matrix for the screen: the rows to show and how a cell and a column read.
import { filterRows, sortRows, type MatrixFilter, type MatrixSort } from '../../../src-shared/compare/matrix-view';
import type { MatrixColumn, MatrixRow, RunMatrix } from '../../../src-shared/model';

export const visibleRows = (matrix: RunMatrix, filter: MatrixFilter, sort: MatrixSort): MatrixRow[] =>
  sortRows(filterRows(matrix, filter), sort);

/** How a column compares with the baseline, for its tone: better or worse beyond the noise, or not. */
export function columnTone(column: MatrixColumn): 'better' | 'worse' | 'same' | 'baseline' {
  const versus = column.vsBaseline;
  if (versus === null) return 'baseline';
  const interval = versus.scoreDifference;
  if (interval && interval.lower > 0) return 'better';
  if (interval && interval.upper < 0) return 'worse';
  if (versus.mcnemarP < 0.05) return versus.improved > versus.worsened ? 'better' : 'worse';
  return 'same';
}

/** A readable name for the prompt of a column: its first non-empty line, cut to `max` characters. */
export function promptName(systemPrompt: string, max = 48): string {
  const line =
    systemPrompt
      .split('\n')
      .find((text) => text.trim() !== '')
      ?.trim() ?? '(no system prompt)';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
