// The Wilson score interval for a binomial proportion (pass rates, judge TPR/TNR).

/** The normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** The Wilson interval [lo, hi] of `successes` out of `n`; null when n is 0 (nothing to estimate). */
export function wilson(successes: number, n: number, z: number = Z95): [number, number] | null {
  if (!Number.isFinite(n) || n <= 0) return null;
  if (successes < 0 || successes > n) throw new RangeError(`wilson: successes ${successes} is outside [0, ${n}]`);
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At p = 0 or 1 the bound is exactly 0 or 1 analytically; floating point lands a hair off.
  const lo = successes === 0 ? 0 : Math.max(0, centre - half);
  const hi = successes === n ? 1 : Math.min(1, centre + half);
  return [lo, hi];
}
