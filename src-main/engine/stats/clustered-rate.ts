// A pass rate over clusters of correlated trials (a question's repeats share its causes) and its Wilson interval at
// the effective number of independent trials the clusters are worth.
import { studentQuantile } from './normal-quantile';
import { wilson } from './wilson';

/** One cluster: its trials and how many passed (a question's scored repeats). */
export type Cluster = Readonly<{ passes: number; trials: number }>;

/**
 * The pooled rate Σ passes / Σ trials and its interval: Wilson at n_eff = p(1 − p)/Var(p), with Var(p) the
 * between-cluster (ratio-estimator) variance m/(m − 1)·Σ(k_i − p·n_i)²/(Σn_i)², so correlated repeats count for less
 * than independent trials (never more). With every cluster at 0 or 1 the variance says nothing: n_eff is the number
 * of clusters. The quantile is Student's t with m − 1 degrees of freedom, as the variance is estimated from m
 * clusters. Null when nothing was tried.
 */
export function clusteredWilson(
  clusters: readonly Cluster[],
  confidence = 0.95,
): Readonly<{ rate: number; ci: [number, number]; effectiveTrials: number }> | null {
  const used = clusters.filter((c) => c.trials > 0);
  const m = used.length;
  const trials = used.reduce((s, c) => s + c.trials, 0);
  if (m === 0) return null;
  const passes = used.reduce((s, c) => s + c.passes, 0);
  const rate = passes / trials;
  let squares = 0;
  for (const c of used) squares += (c.passes - rate * c.trials) ** 2;
  const variance = m > 1 ? ((m / (m - 1)) * squares) / (trials * trials) : 0;
  const effective = variance > 0 ? Math.min(trials, (rate * (1 - rate)) / variance) : m;
  const z = studentQuantile(1 - (1 - confidence) / 2, Math.max(1, m - 1));
  const ci = wilson(rate * effective, effective, z)!;
  return { rate, ci, effectiveTrials: effective };
}
