// Test helper: a seeded judge population and its stratified gold set, and a labeler who answers with the truth.
import {
  activeOrder,
  cellsOfItems,
  intervalWidth,
  type ActiveItem,
} from '../../../../src-main/engine/trust/active-labeling';
import type { ObservedPasses } from '../../../../src-main/engine/trust/corrected-pass-rate';
import { sampleForLabeling } from '../../../../src-main/engine/trust/sample-calls';
import { seededRandom } from '../../../../src-main/engine/stats/random';

/** A judge call of the population with the human label a labeler would give it. */
export type TrueItem = ActiveItem & Readonly<{ truth: 'pass' | 'fail' }>;

export type SeededSet = Readonly<{ gold: TrueItem[]; observed: ObservedPasses }>;

/**
 * `n` calls whose answers truly pass with `passRate`; the judge passes a true pass with `tpr` and fails a true fail
 * with `tnr`, its 0-5 score's distance from the threshold uniform in [0, 2.5). The gold set is the app's stratified
 * sample of `goldN` of them (half judge-pass, half judge-fail, shuffled): its order is the plain queue.
 */
export function seededSet(seed: number, { n = 400, passRate = 0.7, tpr = 0.9, tnr = 0.8, goldN = 60 } = {}): SeededSet {
  const random = seededRandom(seed);
  const population = Array.from({ length: n }, (_, i): TrueItem => {
    const truth = random() < passRate ? 'pass' : 'fail';
    const judgePass = truth === 'pass' ? random() < tpr : random() >= tnr;
    return { id: `g${i}`, judgePass, human: null, labelledAt: null, truth };
  });
  const gold = sampleForLabeling(population, (item) => item.judgePass === true, { n: goldN, seed, stratify: true }).map(
    (d) => ({ ...d.item, stratum: d.stratum, inclusionProbability: d.inclusionProbability }),
  );
  const passed = population.filter((item) => item.judgePass).length;
  return { gold, observed: { n, passed } };
}

/** Labels the set one item at a time, in active order or in the plain queue's, and returns the width after each label. */
export function simulate(set: SeededSet, mode: 'active' | 'plain', labels: number, confidence = 0.95): number[] {
  let items: TrueItem[] = set.gold.map((item) => ({ ...item }));
  const widths: number[] = [];
  for (let k = 0; k < labels; k += 1) {
    const next =
      mode === 'active'
        ? activeOrder(items, set.observed, confidence).order[0]
        : items.find((item) => item.human === null);
    if (!next) break;
    items = items.map((item) => (item.id === next.id ? { ...item, human: item.truth, labelledAt: k } : item));
    widths.push(intervalWidth(cellsOfItems(items), set.observed, confidence));
  }
  return widths;
}
