// Length-bias probe: Spearman's rank correlation between a judge's score and the answer's length, with its interval.
import type { Interval } from '../../../src-shared/model';
import { zForConfidence } from '../stats/normal-quantile';

/** One judge call: the score it gave and the length (characters) of the answer it read. */
export type ScoredLength = Readonly<{ score: number; length: number }>;

export type LengthBias = Readonly<{
  method: 'spearman';
  n: number;
  r: number;
  /** Fisher z interval with the Bonett & Wright (2000) standard error for Spearman's r. */
  ci: Interval;
  confidence: number;
  words: string;
}>;

/** Ranks 1..n with ties given their average rank (as scipy.stats.rankdata's default). */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const ranks = Array<number>(xs.length).fill(0);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.x === order[start]!.x) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k += 1) ranks[order[k]!.i] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Pearson's r; null when either variable does not vary. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rank correlation: Pearson's r of the average ranks. */
export const spearman = (xs: readonly number[], ys: readonly number[]): number | null =>
  pearson(averageRanks(xs), averageRanks(ys));

const signed = (x: number) => x.toFixed(2).replace('-', '−');

/** r with its interval in plain words: "longer answers score higher: r = 0.41 [0.22, 0.57]". */
export function lengthBiasInWords(r: number, ci: Interval, n: number): string {
  const figures = `r = ${signed(r)} [${signed(ci[0])}, ${signed(ci[1])}], Spearman, ${n} answers`;
  if (ci[0] <= 0 && ci[1] >= 0) return `no clear length bias: the interval includes 0 (${figures})`;
  return `${r > 0 ? 'longer answers score higher' : 'longer answers score lower'}: ${figures}`;
}

/**
 * Spearman's r of score against length, with the interval tanh(atanh(r) ± z·√((1 + r²/2)/(n − 3))); null below 4
 * calls or when the scores or the lengths do not vary (no correlation to measure).
 */
export function lengthBias(calls: readonly ScoredLength[], confidence: number): LengthBias | null {
  const n = calls.length;
  if (n < 4) return null;
  const r = spearman(
    calls.map((c) => c.score),
    calls.map((c) => c.length),
  );
  if (r === null) return null;
  const half = zForConfidence(confidence) * Math.sqrt((1 + (r * r) / 2) / (n - 3));
  const z = Math.atanh(r);
  const ci: Interval = [Math.tanh(z - half), Math.tanh(z + half)];
  return { method: 'spearman', n, r, ci, confidence, words: lengthBiasInWords(r, ci, n) };
}
