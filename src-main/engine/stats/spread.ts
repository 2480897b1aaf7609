// The spread of a few runs' scores: their mean and sample standard deviation, and the standard error of a difference
// of two means (the optimizer's noise, the matrix's run-to-run spread).

export type Spread = Readonly<{ n: number; mean: number | null; sd: number | null }>;

/** Mean and sample standard deviation (n − 1) of the runs' scores; runs that scored nothing are left out. */
export function spreadOf(scores: readonly (number | null)[]): Spread {
  const values = scores.filter((score): score is number => score !== null);
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null };
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  if (n < 2) return { n, mean, sd: null };
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  return { n, mean, sd: Math.sqrt(variance) };
}

/** The standard error of mean(candidate) − mean(baseline), from the two run-to-run spreads; null when either is unknown. */
export function standardErrorOfDifference(baseline: Spread, candidate: Spread): number | null {
  if (baseline.sd === null || candidate.sd === null) return null;
  return Math.sqrt(baseline.sd ** 2 / baseline.n + candidate.sd ** 2 / candidate.n);
}
