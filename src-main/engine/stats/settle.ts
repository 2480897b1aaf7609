// How many more labels, or judged answers, a corrected pass rate whose interval straddles a gate's threshold would be
// expected to need to settle it, from the same misclassification model its interval is drawn from.
import { ownCallsEstimate, roganGladenEstimate, type Estimate, type JudgedRun } from './corrected-rate';
import type { CellStratum, LabelCell } from './label-cells';

export type SettleEstimator = 'ppi' | 'rogan_gladen';

/** One way to settle it: `more` labels of `stratum` (all: labelled as the labels were drawn). */
export type SettleOption = Readonly<{ kind: 'labels'; stratum: CellStratum; more: number }>;

/**
 * What would settle the gate: the label options (cheapest first, at most two) and the judged answers; `note` says why
 * none would. Expected, that is: if the estimate holds, the interval would then clear the threshold.
 */
export type SettleAdvice = Readonly<{
  labels: SettleOption[];
  /** More judged answers of the run alone (null: more answers alone are not expected to settle it). */
  answers: number | null;
  /** When neither alone would: more labels (drawn as they were) and more judged answers together, grown alike. */
  both: Readonly<{ labels: number; answers: number }> | null;
  note: string | null;
}>;

/** A gate on corrected_pass_rate: its threshold, soft or hard, on the point estimate or the lower bound. */
export type CorrectedGate = Readonly<{ threshold: number; type: 'hard' | 'soft'; bound?: 'point' | 'lower' }>;

/**
 * Whether a gate on corrected_pass_rate is unsettled by its interval: the interval straddles the threshold and the gate
 * is on the lower bound ("fails: not shown to pass") or soft ("inconclusive").
 */
export const gateUnsettled = (gate: CorrectedGate, ci: readonly [number, number] | null): boolean =>
  ci !== null && ci[0] < gate.threshold && ci[1] >= gate.threshold && (gate.bound === 'lower' || gate.type === 'soft');

const ESTIMATORS = { rogan_gladen: roganGladenEstimate, ppi: ownCallsEstimate } as const;
/** Past this many times the labels or answers there are, a count is not worth stating. */
const MOST = 1000;

const size = (c: LabelCell) => c.tp + c.fn + c.fp + c.tn;
/** A cell k times as large drawn from the same calls: each label then stands for 1/k as many. */
const scaled = (c: LabelCell, k: number): LabelCell => ({
  ...c,
  weight: c.weight / k,
  tp: c.tp * k,
  fn: c.fn * k,
  fp: c.fp * k,
  tn: c.tn * k,
});

/**
 * How many more labels there are to draw: labels of the run's own calls (prediction-powered) cannot outnumber its
 * calls, of a stratum its calls the judge passed or failed; labels from other runs are not bounded by this run.
 */
function unlabelledCalls(
  estimator: SettleEstimator,
  cells: readonly LabelCell[],
  run: JudgedRun,
  stratum: CellStratum,
): number {
  if (estimator !== 'ppi') return Number.POSITIVE_INFINITY;
  const calls = stratum === 'judge_pass' ? run.passed : stratum === 'judge_fail' ? run.n - run.passed : run.n;
  const labelled = cells.filter((c) => stratum === 'all' || c.stratum === stratum).reduce((n, c) => n + size(c), 0);
  return Math.max(0, calls - labelled);
}

/**
 * The smallest whole m in [1, MOST × n] at which `clears(m)` holds, for a `clears` that holds from some m on (the
 * interval narrows as its counts grow); null when even the most does not clear. Bisection to within 2% of m.
 */
function smallestClearing(n: number, clears: (m: number) => boolean): number | null {
  if (!clears(MOST * n)) return null;
  let low = 0;
  let high = Math.max(1, Math.ceil(n / 4));
  while (!clears(high)) {
    low = high;
    high *= 2;
  }
  while (high - low > Math.max(1, 0.02 * high)) {
    const mid = Math.floor((low + high) / 2);
    if (clears(mid)) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * How many more labels (of one stratum, or of all as they were drawn) or judged answers would be expected to settle a
 * corrected pass rate whose interval straddles `threshold`: the smallest count at which the product's own interval,
 * recomputed with the counts grown in their present proportions (the estimate holding), no longer straddles it. It
 * is the count at which the interval clears if the estimate stays where it is: about half the time it moves towards
 * the threshold and more are needed (measured in test/unit/engine/stats/settle.test.ts).
 */
export function moreToSettle(
  estimator: SettleEstimator,
  cells: readonly LabelCell[],
  run: JudgedRun,
  threshold: number,
  confidence: number,
): SettleAdvice {
  const estimate = ESTIMATORS[estimator];
  const now = estimate(cells, run, confidence);
  const none = (note: string): SettleAdvice => ({ labels: [], answers: null, both: null, note });
  if (now.theta === null || now.ci === null) return none('there is no interval');
  const above = now.theta >= threshold;
  const settled = (e: Estimate) => e.ci !== null && (above ? e.ci[0] >= threshold : e.ci[1] < threshold);
  if (now.theta === threshold) return none('the estimate sits on the threshold');
  const labelsOf = (group: readonly LabelCell[]) => group.reduce((n, c) => n + size(c), 0);
  const grown = (stratum: CellStratum, m: number) => {
    const group = stratum === 'all' ? cells : cells.filter((c) => c.stratum === stratum);
    const k = (labelsOf(group) + m) / labelsOf(group);
    return cells.map((c) => (stratum === 'all' || c.stratum === stratum ? scaled(c, k) : c));
  };
  const strata = [...new Set(cells.map((c) => c.stratum))];
  const options: SettleOption[] = [];
  for (const stratum of strata.length > 1 ? ['all' as const, ...strata] : strata) {
    const n = stratum === 'all' ? labelsOf(cells) : labelsOf(cells.filter((c) => c.stratum === stratum));
    const more = smallestClearing(n, (m) => settled(estimate(grown(stratum, m), run, confidence)));
    if (more !== null && more <= unlabelledCalls(estimator, cells, run, stratum))
      options.push({ kind: 'labels', stratum, more });
  }
  options.sort((a, b) => a.more - b.more);
  const share = run.passed / run.n;
  const moreAnswers = (q: number): JudgedRun => ({ n: run.n + q, passed: run.passed + share * q });
  const answers = smallestClearing(run.n, (q) => settled(estimate(cells, moreAnswers(q), confidence)));
  const alone = options.length > 0 || answers !== null;
  // Neither alone: labels and answers grown by the same factor, counted in labels.
  const labelCount = labelsOf(cells);
  const together = (m: number) => estimate(grown('all', m), moreAnswers((m * run.n) / labelCount), confidence);
  const bothLabels = alone ? null : smallestClearing(labelCount, (m) => settled(together(m)));
  const both =
    bothLabels === null ? null : { labels: bothLabels, answers: Math.ceil((bothLabels * run.n) / labelCount) };
  const note = alone || both ? null : 'no count of labels and answers is expected to settle it';
  return { labels: options.slice(0, 2), answers, both, note };
}
