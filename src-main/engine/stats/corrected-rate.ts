// The corrected pass rate of a run graded by an imperfect judge, and TPR/TNR intervals, from one Bayesian
// misclassification model: Jeffreys-type posteriors of the labels' cells and of the run's judge pass rate.
import { POSTERIOR_DRAWS, rateDraws, ratesOf, totalsDraws, weightedTotals, type LabelCell } from './label-cells';
import { betaDraw, seededRandom } from './random';

type Interval = [number, number];
/** The evaluated run: how many answers the judge scored and how many of them it passed. */
export type JudgedRun = Readonly<{ n: number; passed: number }>;
/** An estimate with its interval; `note` says why either is missing. */
export type Estimate = Readonly<{ theta: number | null; ci: Interval | null; note: string | null }>;

const clip01 = (x: number) => Math.min(1, Math.max(0, x));

/** The equal-tailed interval of draws at `confidence` (NaN draws left out), by linear interpolation as `quantile`. */
export function equalTailed(values: Float64Array, confidence: number): Interval {
  const sorted = values.filter((x) => !Number.isNaN(x)).sort();
  const at = (q: number) => {
    const position = (sorted.length - 1) * q;
    const low = sorted[Math.floor(position)]!;
    return low + (sorted[Math.ceil(position)]! - low) * (position - Math.floor(position));
  };
  const tail = (1 - confidence) / 2;
  return [at(tail), at(1 - tail)];
}

/**
 * TPR and TNR with their intervals: the weighted estimates and the equal-tailed posterior intervals. When no label
 * disagrees with the judge in a class, that rate's upper bound is 1 (and its lower 0 when none agrees), as for the
 * Jeffreys interval of a binomial at 0 or n.
 */
export function rateIntervals(cells: readonly LabelCell[], confidence: number) {
  const t = weightedTotals(cells);
  const point = ratesOf(t);
  const draws = totalsDraws(cells);
  const interval = (rate: number | null, agree: number, disagree: number, d: Float64Array): Interval | null => {
    if (rate === null) return null;
    const [lo, hi] = equalTailed(d, confidence);
    return [agree === 0 ? 0 : lo, disagree === 0 ? 1 : hi];
  };
  const tprs = rateDraws(draws.tp, draws.fn);
  const tnrs = rateDraws(draws.tn, draws.fp);
  return {
    ...point,
    tprCi: interval(point.tpr, t.tp, t.fn, tprs),
    tnrCi: interval(point.tnr, t.tn, t.fp, tnrs),
    effectiveLabels: { tpr: effectiveLabels(tprs), tnr: effectiveLabels(tnrs) },
  };
}

/**
 * How many labels of a simple random sample the draws of a rate are worth: mean(1 − mean)/variance − 2, which is n for
 * the Jeffreys posterior of k out of n. A stratum weighted up (a rare class in the other stratum) is worth fewer.
 */
export function effectiveLabels(draws: Float64Array): number {
  let sum = 0;
  let count = 0;
  for (const x of draws) {
    if (Number.isNaN(x)) continue;
    sum += x;
    count += 1;
  }
  const mean = sum / count;
  let squares = 0;
  for (const x of draws) if (!Number.isNaN(x)) squares += (x - mean) ** 2;
  const variance = squares / (count - 1);
  return variance > 0 ? Math.max(0, (mean * (1 - mean)) / variance - 2) : Number.POSITIVE_INFINITY;
}

/** Draws of the run's judge pass rate: Beta(passed + ½, failed + ½). */
export function runDraws(run: JudgedRun, draws = POSTERIOR_DRAWS): Float64Array {
  const random = seededRandom(POSTERIOR_RUN_SEED);
  const out = new Float64Array(draws);
  for (let d = 0; d < draws; d += 1) out[d] = betaDraw(run.passed + 0.5, run.n - run.passed + 0.5, random);
  return out;
}
const POSTERIOR_RUN_SEED = 4747;

/**
 * Rogan-Gladen: θ = (p + TNR − 1)/(TPR + TNR − 1), clipped to [0, 1], which carries TPR and TNR over from the runs
 * the labels came from (valid when the judge errs at the same rates, whatever the pass rate). Its interval is that of
 * the posterior draws of p, TPR and TNR; none when the labels leave open that the judge is no better than chance.
 */
export function roganGladenEstimate(cells: readonly LabelCell[], run: JudgedRun, confidence: number): Estimate {
  const { tpr, tnr } = ratesOf(weightedTotals(cells));
  if (tpr === null || tnr === null) return { theta: null, ci: null, note: 'no label of a pass or of a failure' };
  if (run.n === 0) return { theta: null, ci: null, note: 'the run has no judged answer' };
  const j = tpr + tnr - 1;
  if (j <= 0) return { theta: null, ci: null, note: 'TPR + TNR ≤ 1: the judge is no better than chance' };
  const theta = clip01((run.passed / run.n + tnr - 1) / j);
  const draws = totalsDraws(cells);
  const tprs = rateDraws(draws.tp, draws.fn);
  const tnrs = rateDraws(draws.tn, draws.fp);
  const p = runDraws(run, tprs.length);
  const thetas = new Float64Array(tprs.length);
  let chance = 0;
  for (let d = 0; d < thetas.length; d += 1) {
    const jd = tprs[d]! + tnrs[d]! - 1;
    if (jd <= 0) chance += 1;
    thetas[d] = jd > 0 ? clip01((p[d]! + tnrs[d]! - 1) / jd) : Number.NaN;
  }
  if (chance > thetas.length * ((1 - confidence) / 2))
    return { theta, ci: null, note: 'no interval: the labels leave open that the judge is no better than chance' };
  return { theta, ci: equalTailed(thetas, confidence), note: null };
}

/**
 * Labels drawn from the evaluated run's own calls: θ = p·PPV + (1 − p)·(1 − NPV), the run's judge verdicts corrected
 * verdict by verdict (prediction-powered inference with a pass/fail judge, post-stratified on its verdict: PPI++ at
 * its best λ). Its interval is that of the posterior draws; none when a verdict the run gave has no label.
 */
export function ownCallsEstimate(cells: readonly LabelCell[], run: JudgedRun, confidence: number): Estimate {
  const t = weightedTotals(cells);
  const { ppv, npv } = ratesOf(t);
  if (run.n === 0) return { theta: null, ci: null, note: 'the run has no judged answer' };
  if ((run.passed > 0 && ppv === null) || (run.passed < run.n && npv === null))
    return { theta: null, ci: null, note: 'no label of an answer the judge passed, or of one it failed' };
  const share = run.passed / run.n;
  const theta = clip01(share * (ppv ?? 0) + (1 - share) * (1 - (npv ?? 1)));
  const draws = totalsDraws(cells);
  const ppvs = rateDraws(draws.tp, draws.fp);
  const fors = rateDraws(draws.fn, draws.tn);
  const p = runDraws(run, ppvs.length);
  const thetas = new Float64Array(ppvs.length);
  // A verdict class with no label has no draws (NaN) and no answers in the run to correct: it adds nothing.
  for (let d = 0; d < thetas.length; d += 1)
    thetas[d] = clip01(p[d]! * (ppvs[d]! || 0) + (1 - p[d]!) * (fors[d]! || 0));
  return { theta, ci: equalTailed(thetas, confidence), note: null };
}
