// Permutation tests with the run as the unit: repeats inside one run share its causes (temperature 0, one outage),
// so runs, not repeats, are exchanged. Exact where the values sit on a small grid, else seeded Monte Carlo.
import { logChoose } from './binomial';
import { seededRandom } from './random';

/** Runs are shares of repeats (k of n): on the grid of 1/L for L the least common multiple of the n, up to this. */
const MAX_GRID = 2520;
/** Above this many DP cells (runs × recent × sums) the exact count is too slow: Monte Carlo instead. */
const MAX_EXACT_CELLS = 4_000_000;
const MONTE_CARLO = 20_000;
/** Two statistics this close are as extreme as each other (floating sums of the same shares). */
const TIE = 1e-9;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The grid step L (values × L are integers) of values with denominators `grid`; null when none fits. */
function gridOf(values: readonly number[], denominators: readonly number[]): number | null {
  let l = 1;
  for (const d of denominators) {
    l = (l * d) / gcd(l, d);
    if (l > MAX_GRID) return null;
  }
  return values.every((v) => Math.abs(v * l - Math.round(v * l)) < 1e-9) ? l : null;
}

/**
 * Counts, for every sum of `size` of the integer `values`, how many subsets of that size have it (a subset-sum
 * dynamic programme over the values), as a Float64Array indexed by sum.
 */
function subsetSums(values: readonly number[], size: number): Float64Array {
  const top = values.reduce((s, v) => s + v, 0);
  // ways[k][s]: subsets of k values summing to s, kept as rows of one array.
  const width = top + 1;
  const ways = new Float64Array((size + 1) * width);
  ways[0] = 1;
  for (const v of values) {
    for (let k = size; k >= 1; k -= 1) {
      const row = k * width;
      const previous = (k - 1) * width;
      for (let s = top; s >= v; s -= 1) ways[row + s]! += ways[previous + s - v]!;
    }
  }
  return ways.subarray(size * width, (size + 1) * width);
}

/**
 * The two-sided p-value that the last `recent` runs' mean share differs from the earlier runs' by at least what was
 * seen, when which runs are recent does not matter (the run is the unit): the share of the C(N, recent) ways to pick
 * the recent runs whose difference is as large. `denominators`: each run's repeats (the shares' denominators).
 */
export function twoWindowTest(shares: readonly number[], recent: number, denominators: readonly number[]): number {
  const n = shares.length;
  if (recent <= 0 || recent >= n) return 1;
  const total = shares.reduce((s, v) => s + v, 0);
  const observed = shares.slice(n - recent).reduce((s, v) => s + v, 0);
  // The difference of the means is linear in the recent sum: extreme means far from recent × the overall mean.
  const centre = (total * recent) / n;
  const distance = Math.abs(observed - centre);
  // Every pick is as far from the centre as nothing: a steady question costs no count.
  if (distance <= TIE) return 1;
  if (shares.every((v) => v === 0 || v === 1))
    return hypergeometricTail(n, Math.round(total), recent, centre, distance);
  const l = gridOf(shares, denominators);
  if (l !== null && n * recent * (total * l + 1) <= MAX_EXACT_CELLS) {
    const ints = shares.map((v) => Math.round(v * l));
    const sums = subsetSums(ints, recent);
    let extreme = 0;
    let all = 0;
    sums.forEach((ways, s) => {
      all += ways;
      if (Math.abs(s / l - centre) >= distance - TIE) extreme += ways;
    });
    return Math.min(1, extreme / all);
  }
  return monteCarlo(shares, recent, centre, distance);
}

/**
 * The same exact p-value for runs of one repeat each (shares 0 or 1): the recent runs' sum of `passing` runs out of
 * `n` is hypergeometric, so each sum's share of the picks is C(passing, s) C(n − passing, recent − s) / C(n, recent).
 */
function hypergeometricTail(n: number, passing: number, recent: number, centre: number, distance: number): number {
  const all = logChoose(n, recent);
  let extreme = 0;
  for (let s = Math.max(0, recent - (n - passing)); s <= Math.min(recent, passing); s += 1)
    if (Math.abs(s - centre) >= distance - TIE)
      extreme += Math.exp(logChoose(passing, s) + logChoose(n - passing, recent - s) - all);
  return Math.min(1, extreme);
}

/** The same p-value from seeded random picks of the recent runs: (1 + as extreme) / (1 + picks), never below 1/20,001. */
function monteCarlo(shares: readonly number[], recent: number, centre: number, distance: number): number {
  const random = seededRandom(0x5eed);
  const pool = [...shares];
  let extreme = 0;
  for (let b = 0; b < MONTE_CARLO; b += 1) {
    let sum = 0;
    // A partial Fisher-Yates shuffle: the first `recent` of the pool become a random subset.
    for (let i = 0; i < recent; i += 1) {
      const j = i + Math.floor(random() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      sum += pool[i]!;
    }
    if (Math.abs(sum - centre) >= distance - TIE) extreme += 1;
  }
  return (1 + extreme) / (1 + MONTE_CARLO);
}

/** One run's repeats of a question: how many were scored and passed. */
export type RunRepeats = Readonly<{ passes: number; trials: number }>;

/**
 * Whether runs differ more than their repeats explain: a permutation test of homogeneity that keeps each run's
 * number of repeats and the question's total passes, and deals the pass/fail outcomes out to the runs at random
 * (the exact conditional test, by seeded Monte Carlo). Statistic: Σ passes²/trials (Pearson's χ² up to constants).
 * Sequential (Besag & Clifford 1991): stops once 10 deals are as extreme, so clear cases cost little; at most 2,000
 * deals (the smallest p-value 1/2,001). Null with fewer
 * than two runs with repeats or one outcome only.
 */
export function homogeneityTest(runs: readonly RunRepeats[], seed = 0xf1a4): number | null {
  const used = runs.filter((run) => run.trials > 0);
  const passes = used.reduce((s, run) => s + run.passes, 0);
  const trials = used.reduce((s, run) => s + run.trials, 0);
  if (used.length < 2 || passes === 0 || passes === trials) return null;
  const statistic = (counts: readonly number[]) => counts.reduce((s, k, i) => s + (k * k) / used[i]!.trials, 0);
  const observed = statistic(used.map((run) => run.passes));
  const outcomes = [...Array<number>(passes).fill(1), ...Array<number>(trials - passes).fill(0)];
  const random = seededRandom(seed);
  const maxDeals = 2000;
  const enough = 10;
  let extreme = 0;
  let deals = 0;
  while (deals < maxDeals && extreme < enough) {
    for (let i = outcomes.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [outcomes[i], outcomes[j]] = [outcomes[j]!, outcomes[i]!];
    }
    let at = 0;
    const counts = used.map((run) => {
      let k = 0;
      for (let r = 0; r < run.trials; r += 1) k += outcomes[at++]!;
      return k;
    });
    deals += 1;
    if (statistic(counts) >= observed - TIE) extreme += 1;
  }
  return extreme >= enough ? extreme / deals : (1 + extreme) / (1 + deals);
}
