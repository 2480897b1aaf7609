// The chi-square distribution's upper tail and the chi-square test of homogeneity of binomial counts.

/** log Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i += 1) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized upper incomplete gamma Q(a, x): a series below a + 1, a continued fraction above (Lentz). */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-16; n += 1) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * front);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, front * h);
}

/** The upper tail P(X ≥ x) of a chi-square distribution with `df` degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`chiSquareSurvival: ${df} degrees of freedom`);
  return upperGamma(df / 2, x / 2);
}

/**
 * Whether pass rates differ between runs more than their repeats explain: the chi-square test of homogeneity of a
 * question's passes out of its repeats in each run (df = runs − 1). Null with fewer than two runs or one outcome only.
 */
export function heterogeneity(runs: readonly Readonly<{ passes: number; trials: number }>[]): number | null {
  const used = runs.filter((run) => run.trials > 0);
  const passes = used.reduce((sum, run) => sum + run.passes, 0);
  const trials = used.reduce((sum, run) => sum + run.trials, 0);
  if (used.length < 2 || passes === 0 || passes === trials) return null;
  const p = passes / trials;
  const statistic = used.reduce((sum, run) => sum + (run.passes - run.trials * p) ** 2 / (run.trials * p * (1 - p)), 0);
  return chiSquareSurvival(statistic, used.length - 1);
}
