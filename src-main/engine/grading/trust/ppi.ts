// PPI++ for a mean (Angelopoulos, Duchi & Zrnic 2023): labels rectify the judge's verdicts, power-tuned λ.
import type { Interval } from '../../../../src-shared/model';
import { zForConfidence } from '../../stats/normal-quantile';

/** Labelled items: the human's truth y and the judge's prediction f (0/1), each with a weight w (1: simple random). */
export type PpiLabelled = Readonly<{ y: readonly number[]; f: readonly number[]; w: readonly number[] }>;
export type PpiResult = Readonly<{ theta: number; ci: Interval; lambda: number }>;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Variance with ddof 0 (numpy's std default), as ppi_py's standard errors use. */
const variance0 = (xs: readonly number[]) => {
  const m = mean(xs);
  return mean(xs.map((x) => (x - m) ** 2));
};

/**
 * θ̂ = λ·mean(f̃) + mean(w·(y − λ·f)) with λ = Cov(y, f)/((1 + n/N)·Var(f)) clipped to [0, 1] (0 when the judge's
 * predictions do not vary), and the normal interval with SE² = Var(λ·f̃)/N + Var(w·(y − λ·f))/n; unclipped.
 * The same computation as ppi_py's ppi_mean_ci; `unlabelled` holds the judge's predictions on the run's items.
 */
export function ppiMean(labelled: PpiLabelled, unlabelled: readonly number[], confidence: number): PpiResult | null {
  const { y, f, w } = labelled;
  const n = y.length;
  const bigN = unlabelled.length;
  if (n < 2 || bigN === 0 || f.length !== n || w.length !== n) return null;
  const fu = mean(unlabelled);
  const estimate = (lambda: number) => lambda * fu + mean(y.map((yi, i) => w[i]! * (yi - lambda * f[i]!)));
  const theta1 = estimate(1);
  const grads = y.map((yi, i) => w[i]! * (yi - theta1));
  const gradsHat = f.map((fi, i) => w[i]! * (fi - theta1));
  const all = [...gradsHat, ...unlabelled.map((fi) => fi - theta1)];
  const mg = mean(grads);
  const mh = mean(gradsHat);
  const cov = 2 * mean(grads.map((g, i) => (g - mg) * (gradsHat[i]! - mh)));
  const varHat = (variance0(all) * all.length) / (all.length - 1);
  const lambda = varHat === 0 ? 0 : Math.min(1, Math.max(0, cov / (2 * (1 + n / bigN) * varHat)));
  const theta = estimate(lambda);
  const se = Math.sqrt(
    variance0(unlabelled.map((fi) => lambda * fi)) / bigN +
      variance0(y.map((yi, i) => w[i]! * (yi - lambda * f[i]!))) / n,
  );
  const z = zForConfidence(confidence);
  return { theta, ci: [theta - z * se, theta + z * se], lambda };
}

/**
 * Weights that post-stratify the labelled items by the judge's verdict: an item's weight is its verdict's share among
 * the run's verdicts over its share among the labelled ones (a gold set sampled half judge-pass, half judge-fail is
 * not a simple random sample). Null when a verdict the run gave has no labelled item.
 */
export function postStratifiedWeights(f: readonly number[], unlabelled: readonly number[]): number[] | null {
  const share = (xs: readonly number[], v: number) => xs.filter((x) => x === v).length / xs.length;
  const weights = f.map((v) => share(unlabelled, v) / share(f, v));
  const missing = [...new Set(unlabelled)].some((v) => !f.includes(v));
  return missing ? null : weights;
}
