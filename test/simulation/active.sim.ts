// Family "active labeling": the corrected pass rate's interval the workbench shows (weighted Rogan-Gladen) after
// labelling part of a stratified gold set in active order, against the pass rate of the calls the judge scored.
import { activeOrder, cellsOfItems, type ActiveItem } from '../../src-main/engine/trust/active-labeling';
import { roganGladenEstimate } from '../../src-main/engine/stats/corrected-rate';
import { sampleForLabeling } from '../../src-main/engine/trust/sample-calls';
import { JUDGES } from './judge-rates.sim';
import type { Judge } from './gold';
import { rngOf, type Random } from './sim-data';
import { estimateRows, type Row } from './table';

type Truthful = ActiveItem & Readonly<{ truth: 'pass' | 'fail' }>;
export type ActiveCell = Readonly<{ judge: Judge; labels: number }>;

const CALLS = 400;
const GOLD = 60;
const THETA = 0.7;

export const activeCells = (full: boolean): ActiveCell[] =>
  full
    ? [JUDGES.fair, JUDGES.lenient].flatMap((judge) => [15, 30].map((labels) => ({ judge, labels })))
    : [{ judge: JUDGES.lenient, labels: 20 }];

/** The judge's calls (true pass with THETA) and the product's 50/50 stratified gold set of them, design recorded. */
function drawSet(judge: Judge, random: Random, seed: number) {
  const calls = Array.from({ length: CALLS }, (_, i): Truthful => {
    const truth = random() < THETA ? 'pass' : 'fail';
    const judgePass = truth === 'pass' ? random() < judge.tpr : random() >= judge.tnr;
    return { id: `c${i}`, judgePass, human: null, labelledAt: null, truth };
  });
  const gold = sampleForLabeling(calls, (c) => c.judgePass === true, { n: GOLD, seed, stratify: true }).map(
    (d): Truthful => ({ ...d.item, stratum: d.stratum, inclusionProbability: d.inclusionProbability }),
  );
  const observed = { n: CALLS, passed: calls.filter((c) => c.judgePass).length };
  return { gold, observed };
}

export function runActiveCell(cell: ActiveCell, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  const name = `${cell.judge.name}, ${GOLD} stratified 50/50 of ${CALLS} calls (θ ${THETA}), ${cell.labels} labelled in active order`;
  const note =
    'few labels, weighted back to 50/50 strata: the posterior interval carries their uncertainty and covers more than 95%';
  // As the corrected pass rate's family: against the pass rate the calls are drawn with.
  return estimateRows(
    { family: 'active labeling', cell: name },
    THETA,
    replicates,
    (r) => {
      const { gold, observed } = drawSet(cell.judge, random, seed * 1000 + r);
      let items = gold;
      for (let k = 0; k < cell.labels; k += 1) {
        const next = activeOrder(items, observed, 0.95).order[0];
        if (!next) break;
        items = items.map((item) => (item.id === next.id ? { ...item, human: item.truth, labelledAt: k } : item));
      }
      const shown = roganGladenEstimate(cellsOfItems(items), observed, 0.95);
      return { estimate: shown.theta, ci: shown.ci };
    },
    note,
  );
}
