// Binomial arithmetic: log C(n, k), the upper tail of a binomial, and the exact two-sided sign (McNemar) test.

/** log(k!) for k up to the largest count asked so far, grown on demand (Fisher's test asks thousands of them). */
const logFactorials: number[] = [0];
export function logFactorial(k: number): number {
  for (let i = logFactorials.length; i <= k; i += 1) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[k]!;
}

/** log C(n, k); -Infinity outside 0 ≤ k ≤ n. */
export const logChoose = (n: number, k: number): number =>
  k < 0 || k > n ? Number.NEGATIVE_INFINITY : logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/** P(X = k) for X ~ Binomial(n, p), exact at p = 0 and p = 1. */
export function binomialPmf(k: number, n: number, p: number): number {
  if (k < 0 || k > n) return 0;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  return Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log(1 - p));
}

/** P(X ≥ need) for X ~ Binomial(n, p). */
export function binomialAtLeast(need: number, n: number, p: number): number {
  if (need <= 0) return 1;
  let total = 0;
  for (let k = need; k <= n; k += 1) total += binomialPmf(k, n, p);
  return Math.min(1, total);
}

/**
 * The exact two-sided sign test of `a` against `b` under p = 1/2 (McNemar's exact test on discordant pairs):
 * twice the smaller tail, capped at 1; 1 when there is nothing to compare.
 */
export function signTest(a: number, b: number): number {
  const n = a + b;
  if (n === 0) return 1;
  const k = Math.min(a, b);
  let tail = 0;
  for (let i = 0; i <= k; i += 1) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}
