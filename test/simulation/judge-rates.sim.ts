// Family "judge TPR/TNR": the validation's TPR and TNR and their 95% intervals, over gold sets drawn 50/50 or
// proportionally from runs that mostly pass or not, at the label minimum and 5× it.
import { settings as settingsSchema } from '../../src-shared/model';
import { validationReport } from '../../src-main/engine/trust/judge-stats';
import { designCells, drawGold, drawRun, totals, type Design, type GoldCell, type Judge } from './gold';
import { rngOf } from './sim-data';
import type { Row } from './table';

/** What the product reports of a gold set: TPR, TNR, their intervals (null: none) and the trust state. */
export type RatesReport = Readonly<{
  tpr: number | null;
  tnr: number | null;
  tprCi: readonly [number, number] | null;
  tnrCi: readonly [number, number] | null;
  trusted: boolean;
  insufficient: boolean;
}>;

const THRESHOLDS = settingsSchema.parse({}).judges;

/** The product's reading of the drawn labels. */
export function measureRates(cells: readonly GoldCell[]): RatesReport {
  const report = validationReport('relevance_grader', { ...totals(cells), cells: designCells(cells) }, THRESHOLDS);
  return {
    tpr: report.tpr,
    tnr: report.tnr,
    tprCi: report.tpr_ci,
    tnrCi: report.tnr_ci,
    trusted: report.state === 'trusted',
    insufficient: report.state === 'insufficient',
  };
}

export type RatesCell = Readonly<{ theta: number; judge: Judge; design: Design; n: number }>;

export const JUDGES: Record<'fair' | 'lenient' | 'nearPerfect', Judge> = {
  fair: { name: 'TPR .90 TNR .90', tpr: 0.9, tnr: 0.9 },
  lenient: { name: 'TPR .95 TNR .75', tpr: 0.95, tnr: 0.75 },
  nearPerfect: { name: 'TPR .98 TNR .98', tpr: 0.98, tnr: 0.98 },
};

/** The full grid; the fast part keeps the cells that failed before (a run that mostly passes, 50/50 gold). */
export function ratesCells(full: boolean): RatesCell[] {
  if (!full)
    return [
      { theta: 0.85, judge: JUDGES.lenient, design: '50/50', n: 30 },
      { theta: 0.85, judge: JUDGES.fair, design: '50/50', n: 150 },
    ];
  const cells: RatesCell[] = [];
  for (const theta of [0.5, 0.85])
    for (const judge of Object.values(JUDGES))
      for (const design of ['50/50', 'proportional'] as const)
        for (const n of [30, 150]) cells.push({ theta, judge, design, n });
  return cells;
}

/**
 * The expected labels of the cell a weighted rate hangs on in a 50/50 gold set: for TNR the judge-passed failures (a
 * run that mostly passes makes them rare and heavy), for TPR the judge-failed passes. A simple random sample: none.
 */
function rareLabels(cell: RatesCell): Record<'tpr' | 'tnr', number> {
  if (cell.design === 'proportional') return { tpr: Infinity, tnr: Infinity };
  const { theta, judge } = cell;
  const judgePass = theta * judge.tpr + (1 - theta) * (1 - judge.tnr);
  const half = cell.n / 2;
  return {
    tpr: (half * theta * (1 - judge.tpr)) / (1 - judgePass),
    tnr: (half * (1 - theta) * (1 - judge.tnr)) / judgePass,
  };
}

const covers = (ci: readonly [number, number] | null, truth: number) =>
  ci !== null && ci[0] <= truth + 1e-12 && truth <= ci[1] + 1e-12;

/** Coverage and bias of TPR and TNR, and how often a judge whose TNR is under the rule came out trusted. */
export function runRatesCell(cell: RatesCell, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  const name = `gold θ ${cell.theta}, ${cell.judge.name}, ${cell.design}, ${cell.n} labels`;
  const acc: Record<'tpr' | 'tnr', [number, number, number]> = { tpr: [0, 0, 0], tnr: [0, 0, 0] };
  let trusted = 0;
  let insufficient = 0;
  for (let r = 0; r < replicates; r += 1) {
    const run = drawRun(cell.theta, cell.judge, 2000, random);
    const report = measureRates(drawGold(run, cell.design, cell.n, random));
    for (const [key, value, ci, truth] of [
      ['tpr', report.tpr, report.tprCi, cell.judge.tpr],
      ['tnr', report.tnr, report.tnrCi, cell.judge.tnr],
    ] as const) {
      if (value === null || ci === null) continue;
      acc[key][0] += 1;
      acc[key][1] += covers(ci, truth) ? 1 : 0;
      acc[key][2] += value - truth;
    }
    if (report.trusted) trusted += 1;
    if (report.insufficient) insufficient += 1;
  }
  const rows: Row[] = [];
  const rare = rareLabels(cell);
  for (const key of ['tpr', 'tnr'] as const) {
    const [given, covered, bias] = acc[key];
    const base = { family: 'judge TPR/TNR', cell: name, replicates, refused: replicates - given };
    const figure = key.toUpperCase();
    const per = Math.max(1, given);
    rows.push({ ...base, figure: `${figure} 95% coverage`, value: covered / per, target: { kind: 'coverage' } });
    const note =
      rare[key] < 1
        ? `a ratio resting on ${rare[key].toFixed(1)} expected labels of its rare cell (small-sample bias; see "called insufficient")`
        : undefined;
    rows.push({
      ...base,
      figure: `${figure} bias`,
      value: bias / per,
      target: { kind: 'bias', tolerance: 0.02 },
      note,
    });
  }
  rows.push({
    family: 'judge TPR/TNR',
    cell: name,
    figure: 'called insufficient (too few labels, or too little weight, to judge)',
    value: insufficient / replicates,
    target: { kind: 'info' },
    replicates,
  });
  if (cell.judge.tnr < THRESHOLDS.min_tnr)
    rows.push({
      family: 'judge TPR/TNR',
      cell: name,
      figure: `called trusted (true TNR ${cell.judge.tnr} < ${THRESHOLDS.min_tnr})`,
      value: trusted / replicates,
      target: { kind: 'info' },
      replicates,
    });
  return rows;
}
