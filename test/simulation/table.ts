// The simulation suite's results: one row per measured cell and figure, its target, and whether it was met.

/** coverage: of a 95% interval (93-97%); size: of a 5% test (≤ 6%); fdr: of BH at 5% (≤ 6%); bias: |bias| ≤ tol. */
export type Target =
  | Readonly<{ kind: 'coverage' }>
  | Readonly<{ kind: 'size'; alpha: number }>
  | Readonly<{ kind: 'fdr'; alpha: number }>
  | Readonly<{ kind: 'bias'; tolerance: number }>
  | Readonly<{ kind: 'info' }>;

export type Row = Readonly<{
  family: string;
  cell: string;
  figure: string;
  value: number;
  target: Target;
  /** Replicates where the product gave no interval or test (it refused, saying why): left out of `value`. */
  refused?: number;
  replicates: number;
  /** Why a cell is expected off target (e.g. the truth on the boundary), printed beside it. */
  note?: string;
}>;

/**
 * The coverage of a 95% interval over `replicates` draws: `draw` gives the interval the product shows on one simulated
 * sample, or null where it gives none (counted as refused and left out of the share).
 */
export function coverageRow(
  cell: Pick<Row, 'family' | 'cell' | 'figure'>,
  truth: number,
  replicates: number,
  draw: () => readonly [number, number] | null,
): Row {
  let given = 0;
  let covered = 0;
  for (let r = 0; r < replicates; r += 1) {
    const ci = draw();
    if (!ci) continue;
    given += 1;
    if (ci[0] <= truth && truth <= ci[1]) covered += 1;
  }
  return {
    ...cell,
    value: covered / Math.max(1, given),
    target: { kind: 'coverage' },
    replicates,
    refused: replicates - given,
  };
}

/** What the product shows on one simulated sample: an estimate and its 95% interval (null: it gives none). */
export type Shown = Readonly<{ estimate: number | null; ci: readonly [number, number] | null }>;

/**
 * Coverage, bias and mean width of an estimate and its 95% interval over `replicates` draws, the ends given 1e-12 of
 * slack; a draw without an estimate or an interval is counted as refused and left out. `note` goes on the coverage row.
 */
export function estimateRows(
  cell: Pick<Row, 'family' | 'cell'>,
  truth: number,
  replicates: number,
  draw: (replicate: number) => Shown,
  note?: string,
): Row[] {
  let given = 0;
  let covered = 0;
  let bias = 0;
  let width = 0;
  for (let r = 0; r < replicates; r += 1) {
    const { estimate, ci } = draw(r);
    if (estimate === null || ci === null) continue;
    given += 1;
    bias += estimate - truth;
    width += ci[1] - ci[0];
    if (ci[0] <= truth + 1e-12 && truth <= ci[1] + 1e-12) covered += 1;
  }
  const base = { ...cell, replicates, refused: replicates - given };
  return [
    { ...base, figure: '95% coverage', value: covered / Math.max(1, given), target: { kind: 'coverage' }, note },
    { ...base, figure: 'bias', value: bias / Math.max(1, given), target: { kind: 'bias', tolerance: 0.02 } },
    { ...base, figure: 'mean width', value: width / Math.max(1, given), target: { kind: 'info' } },
  ];
}

export type Verdict = 'met' | 'missed' | 'refused' | 'info' | 'conservative' | 'explained';

const COVERAGE = [0.93, 0.97] as const;

/** Whether a row meets its target; a coverage above 97% where the note explains it is "conservative". */
export function verdictOf(row: Row): Verdict {
  const { target, value } = row;
  if (row.refused === row.replicates) return 'refused';
  switch (target.kind) {
    case 'coverage':
      if (value >= COVERAGE[0] && value <= COVERAGE[1]) return 'met';
      return value > COVERAGE[1] && row.note ? 'conservative' : 'missed';
    case 'size':
      if (value > target.alpha + 0.01) return 'missed';
      return value < target.alpha - 0.01 ? 'conservative' : 'met';
    case 'fdr':
      return value <= target.alpha + 0.01 ? 'met' : 'missed';
    case 'bias':
      if (Math.abs(value) <= target.tolerance) return 'met';
      return row.note ? 'explained' : 'missed';
    default:
      return 'info';
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const shown = (row: Row) =>
  row.target.kind === 'bias' || row.target.kind === 'info' ? row.value.toFixed(3) : pct(row.value);

/** The rows as a Markdown table, the missed cells marked. */
export function markdownTable(rows: readonly Row[]): string {
  const lines = ['| family | cell | figure | value | target | verdict |', '| --- | --- | --- | --- | --- | --- |'];
  for (const row of rows) {
    const verdict = verdictOf(row);
    const target =
      row.target.kind === 'coverage'
        ? '93-97%'
        : row.target.kind === 'size' || row.target.kind === 'fdr'
          ? `≤ ${pct(row.target.alpha + 0.01)}`
          : row.target.kind === 'bias'
            ? `|·| ≤ ${row.target.tolerance}`
            : '';
    const refused = row.refused ? ` (${pct(row.refused / row.replicates)} refused)` : '';
    const mark = verdict === 'missed' ? '**MISSED**' : verdict;
    lines.push(
      `| ${row.family} | ${row.cell} | ${row.figure} | ${shown(row)}${refused} | ${target} | ${mark}${row.note ? `: ${row.note}` : ''} |`,
    );
  }
  return lines.join('\n');
}
