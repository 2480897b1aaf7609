// The simulation grid: every family's cells, the fast part (npm test) or the full one (npm run bench:stats).
import { activeCells, runActiveCell } from './active.sim';
import { agreementCells, runAgreementCell } from './agreement.sim';
import { correctedCells, runCorrectedCell } from './corrected-pass-rate.sim';
import { historyCells, runFlakyCell, runHistoryCell } from './history.sim';
import { ratesCells, runRatesCell } from './judge-rates.sim';
import { passRateCells, runAdaptiveCell, runPassRateCell } from './pass-rate.sim';
import type { Row } from './table';

export type Part = Readonly<{ full: boolean; replicates: (family: string) => number }>;

export const FAST: Part = {
  full: false,
  replicates: (family) =>
    ({ agreement: 100, history: 20, corrected: 150, rates: 300, flaky: 300, active: 30 })[family] ?? 400,
};
export const FULL: Part = {
  full: true,
  replicates: (family) =>
    ({ agreement: 1000, history: 200, corrected: 1000, rates: 2000, active: 200 })[family] ?? 2000,
};

/** One job a cell: its family and how to run it, so a runner can report progress. */
export type Job = Readonly<{ family: string; label: string; run: () => Row[] }>;

export function jobs(part: Part): Job[] {
  const n = part.replicates;
  const list: Job[] = [];
  ratesCells(part.full).forEach((cell, i) =>
    list.push({ family: 'rates', label: JSON.stringify(cell), run: () => runRatesCell(cell, n('rates'), 1000 + i) }),
  );
  correctedCells(part.full).forEach((cell, i) =>
    list.push({
      family: 'corrected',
      label: JSON.stringify(cell),
      run: () => runCorrectedCell(cell, n('corrected'), 2000 + i),
    }),
  );
  passRateCells(part.full).forEach((cell, i) =>
    list.push({ family: 'pass', label: JSON.stringify(cell), run: () => runPassRateCell(cell, n('pass'), 3000 + i) }),
  );
  (part.full ? [0, 0.6] : [0.6]).forEach((locked, i) =>
    list.push({
      family: 'adaptive',
      label: `locked ${locked}`,
      run: () => runAdaptiveCell(locked, n('adaptive'), 4000 + i),
    }),
  );
  historyCells(part.full).forEach((cell, i) =>
    list.push({
      family: 'history',
      label: JSON.stringify(cell),
      run: () => runHistoryCell(cell, n('history'), 5000 + i),
    }),
  );
  (part.full ? [2, 3, 5] : [3]).forEach((repeat, i) =>
    list.push({ family: 'flaky', label: `repeat ${repeat}`, run: () => runFlakyCell(repeat, n('flaky'), 6000 + i) }),
  );
  activeCells(part.full).forEach((cell, i) =>
    list.push({
      family: 'active',
      label: `${cell.judge.name}, ${cell.labels} labels`,
      run: () => runActiveCell(cell, n('active'), 8000 + i),
    }),
  );
  agreementCells(part.full).forEach((items, i) =>
    list.push({
      family: 'agreement',
      label: `${items} items`,
      run: () => runAgreementCell(items, n('agreement'), 7000 + i),
    }),
  );
  return list;
}
