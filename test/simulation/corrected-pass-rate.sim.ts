// Family "corrected pass rate": the estimate and 95% interval a trusted judge's verdict shows, with gold labels from
// other runs (the same true pass rate, or a shifted one) or from the evaluated run's own calls.
import { correctedPassRate } from '../../src-main/engine/trust/corrected-pass-rate';
import { designCells, drawGold, drawRun, type Design, type GoldCell, type Judge, type RunDraw } from './gold';
import { JUDGES } from './judge-rates.sim';
import { rngOf } from './sim-data';
import { estimateRows, type Row } from './table';

export type Source = 'other runs' | 'other runs, shifted' | 'own calls';
export type Corrected = Readonly<{ estimate: number | null; ci: readonly [number, number] | null; estimator: string }>;

/** What the product shows for the evaluated run, given the labels and where they came from. */
export function measureCorrected(cells: readonly GoldCell[], run: RunDraw, source: Source): Corrected {
  const labelled = designCells(cells);
  const runIds = Array<string>(labelled.length).fill(source === 'own calls' ? 'evaluated' : 'earlier');
  const standing = {
    grader: 'relevance_grader' as const,
    state: 'trusted' as const,
    labels: { cells: labelled, runIds },
  };
  const rate = correctedPassRate(standing, { n: run.n, passed: run.judgePasses }, 0.95, 'evaluated');
  return { estimate: rate?.theta ?? null, ci: rate?.ci ?? null, estimator: rate?.estimator ?? 'none' };
}

export type CorrectedCell = Readonly<{ source: Source; judge: Judge; design: Design; n: number }>;

const PERFECT: Judge = { name: 'perfect judge', tpr: 1, tnr: 1 };
const RUN_SIZE = 1000;
const thetas = (source: Source) => (source === 'other runs, shifted' ? [0.5, 0.85] : [0.7, 0.7]);

/** The full grid; the fast part keeps a shifted pass rate, labels of the run's own calls and a proportional gold set. */
export function correctedCells(full: boolean): CorrectedCell[] {
  if (!full)
    return [
      { source: 'other runs, shifted', judge: JUDGES.fair, design: '50/50', n: 30 },
      { source: 'own calls', judge: JUDGES.lenient, design: '50/50', n: 30 },
      { source: 'other runs', judge: JUDGES.fair, design: 'proportional', n: 30 },
    ];
  const cells: CorrectedCell[] = [];
  const sources: Source[] = ['other runs', 'other runs, shifted', 'own calls'];
  for (const source of sources)
    for (const judge of [JUDGES.fair, JUDGES.lenient, JUDGES.nearPerfect, PERFECT])
      for (const design of ['50/50', 'proportional'] as const)
        for (const n of [30, 150]) cells.push({ source, judge, design, n });
  return cells;
}

export function runCorrectedCell(cell: CorrectedCell, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  const [goldTheta, theta] = thetas(cell.source);
  const name = `${cell.source} (θ ${goldTheta} → ${theta}), ${cell.judge.name}, ${cell.design}, ${cell.n} labels`;
  const note =
    cell.judge === PERFECT
      ? 'the judge is exactly right (TPR = TNR = 1, the boundary): an interval that carries the labels’ uncertainty must cover more than 95%'
      : cell.judge === JUDGES.nearPerfect && cell.n === 30
        ? 'with 30 labels a judge that errs once in 50 cannot be told from a perfect one: carrying that uncertainty covers more than 95%'
        : undefined;
  return estimateRows(
    { family: 'corrected pass rate', cell: name },
    theta!,
    replicates,
    () => {
      const run = drawRun(theta!, cell.judge, RUN_SIZE, random);
      const goldRun = cell.source === 'own calls' ? run : drawRun(goldTheta!, cell.judge, 2000, random);
      return measureCorrected(drawGold(goldRun, cell.design, cell.n, random), run, cell.source);
    },
    note,
  );
}
