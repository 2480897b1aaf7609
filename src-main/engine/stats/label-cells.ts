// A judge's labels as weighted cells (one per sampling stratum and weight), the weighted TPR/TNR/PPV/NPV they
// estimate, and draws from their posterior (Jeffreys-type Dirichlet(½) per cell), which every interval here reads.
import { gammaDraw, seededRandom } from './random';

/** judge_pass / judge_fail: a stratum of a sample stratified on the judge's verdict; all: a simple random sample. */
export type CellStratum = 'judge_pass' | 'judge_fail' | 'all';

/**
 * Labelled items drawn alike: their stratum, how many calls each stands for (the inverse of its inclusion
 * probability; 1 when the design is unknown) and their confusion counts (human label is the truth, positive = pass).
 */
export type LabelCell = Readonly<{
  stratum: CellStratum;
  weight: number;
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}>;

type Totals = { tp: number; fn: number; fp: number; tn: number };
const CATEGORIES = ['tp', 'fn', 'fp', 'tn'] as const;
/** The confusion cells a stratum can hold: a judge-pass stratum has only judge passes, and so on. */
const POSSIBLE: Record<CellStratum, readonly (keyof Totals)[]> = {
  judge_pass: ['tp', 'fp'],
  judge_fail: ['fn', 'tn'],
  all: CATEGORIES,
};

const size = (c: LabelCell) => c.tp + c.fn + c.fp + c.tn;

/** Whether any cell carries a weight other than its neighbours': the estimate then weights strata back. */
export const isWeighted = (cells: readonly LabelCell[]): boolean =>
  cells.some((c) => c.stratum !== 'all') && new Set(cells.map((c) => c.weight)).size > 1;

/** The population totals the cells estimate: each count times the calls it stands for. */
export function weightedTotals(cells: readonly LabelCell[]): Totals {
  const totals = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const cell of cells) for (const k of CATEGORIES) totals[k] += cell.weight * cell[k];
  return totals;
}

/** The four rates of a set of totals; null where their class is empty. */
export function ratesOf(t: Totals) {
  const ratio = (a: number, b: number) => (a + b > 0 ? a / (a + b) : null);
  return { tpr: ratio(t.tp, t.fn), tnr: ratio(t.tn, t.fp), ppv: ratio(t.tp, t.fp), npv: ratio(t.tn, t.fn) };
}

/** Merges cells of the same stratum and weight (counts add up). */
export function mergeCells(cells: readonly LabelCell[]): LabelCell[] {
  const merged = new Map<string, Totals & { stratum: CellStratum; weight: number }>();
  for (const cell of cells) {
    const key = `${cell.stratum} ${cell.weight}`;
    const into = merged.get(key) ?? { stratum: cell.stratum, weight: cell.weight, tp: 0, fn: 0, fp: 0, tn: 0 };
    for (const k of CATEGORIES) into[k] += cell[k];
    merged.set(key, into);
  }
  return [...merged.values()].filter((cell) => size(cell) > 0);
}

/** Monte Carlo draws of the population totals: fixed seed, so the same labels always give the same interval. */
export const POSTERIOR_DRAWS = 4000;
export const POSTERIOR_SEED = 47;

/** Draws of the population totals, one column a confusion cell (draw d of TP is tp[d]). */
export type TotalsDraws = Readonly<{ tp: Float64Array; fn: Float64Array; fp: Float64Array; tn: Float64Array }>;

/**
 * Draws of the population's confusion shares: each cell's shares of its possible categories from Dirichlet(counts +
 * ½), scaled by the calls the cell stands for (its weight × its size), summed over cells. A simple random sample's
 * TPR is then Beta(tp + ½, fn + ½), the Jeffreys posterior; a stratified one weights each stratum back.
 */
export function totalsDraws(
  cells: readonly LabelCell[],
  draws = POSTERIOR_DRAWS,
  random: () => number = seededRandom(POSTERIOR_SEED),
): TotalsDraws {
  const out = {
    tp: new Float64Array(draws),
    fn: new Float64Array(draws),
    fp: new Float64Array(draws),
    tn: new Float64Array(draws),
  };
  const gammas = new Float64Array(4);
  for (let d = 0; d < draws; d += 1) {
    for (const cell of cells) {
      const possible = POSSIBLE[cell.stratum];
      let sum = 0;
      for (let i = 0; i < possible.length; i += 1) sum += gammas[i] = gammaDraw(cell[possible[i]!] + 0.5, random);
      const calls = cell.weight * size(cell);
      for (let i = 0; i < possible.length; i += 1) out[possible[i]!][d]! += (calls * gammas[i]!) / sum;
    }
  }
  return out;
}

/** A rate of each draw: a / (a + b) column by column (NaN where both are 0). */
export function rateDraws(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let d = 0; d < a.length; d += 1) out[d] = a[d]! / (a[d]! + b[d]!);
  return out;
}
