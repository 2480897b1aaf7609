// The run-as-unit tests against an independent brute force: every way to pick the recent runs, enumerated.
import { describe, expect, it } from 'vitest';
import { homogeneityTest, twoWindowTest } from '../../../../src-main/engine/stats/permutation';
import { clusteredWilson } from '../../../../src-main/engine/stats/clustered-rate';
import { wilson } from '../../../../src-main/engine/stats/wilson';

/** Every subset of `size` indices of 0..n-1. */
function* subsets(n: number, size: number, from = 0, picked: number[] = []): Generator<number[]> {
  if (picked.length === size) {
    yield picked;
    return;
  }
  for (let i = from; i < n; i += 1) yield* subsets(n, size, i + 1, [...picked, i]);
}

/** The two-sided p-value by enumeration: the share of picks whose recent mean is as far from the overall mean. */
function bruteForce(shares: readonly number[], recent: number): number {
  const total = shares.reduce((s, v) => s + v, 0);
  const centre = (total * recent) / shares.length;
  const observed = Math.abs(shares.slice(shares.length - recent).reduce((s, v) => s + v, 0) - centre);
  let extreme = 0;
  let all = 0;
  for (const pick of subsets(shares.length, recent)) {
    all += 1;
    if (Math.abs(pick.reduce((s, i) => s + shares[i]!, 0) - centre) >= observed - 1e-9) extreme += 1;
  }
  return extreme / all;
}

describe('twoWindowTest (runs as the unit)', () => {
  it('equals the enumeration of every pick of the recent runs, with shares of 3 repeats', () => {
    const shares = [1, 1, 2 / 3, 1, 1, 2 / 3, 1, 1, 1 / 3, 0, 1 / 3, 2 / 3];
    const p = twoWindowTest(shares, 4, Array<number>(shares.length).fill(3));
    expect(p).toBeCloseTo(bruteForce(shares, 4), 12);
    expect(p).toBeLessThan(0.05);
  });

  it('equals the enumeration with mixed repeats (1, 2 and 5 a run) and finds nothing in a steady history', () => {
    const shares = [1, 0.5, 0.8, 1, 0, 1, 0.6, 0.5, 1, 0.8];
    const denominators = [1, 2, 5, 1, 1, 1, 5, 2, 1, 5];
    expect(twoWindowTest(shares, 3, denominators)).toBeCloseTo(bruteForce(shares, 3), 12);
    expect(twoWindowTest([1, 1, 1, 1, 1, 1], 2, Array<number>(6).fill(1))).toBe(1);
  });

  it('equals the enumeration for runs of one repeat (the hypergeometric count), over seeded random histories', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let t = 0; t < 40; t += 1) {
      const n = 6 + Math.floor(random() * 9);
      const recent = 1 + Math.floor(random() * (n - 1));
      const rate = random();
      const shares = Array.from({ length: n }, () => (random() < rate ? 1 : 0));
      expect(twoWindowTest(shares, recent, Array<number>(n).fill(1))).toBeCloseTo(bruteForce(shares, recent), 12);
    }
    // Far past what enumeration reaches: 200 runs, the recent 5 all failing after 195 passing runs.
    const long = [...Array<number>(195).fill(1), ...Array<number>(5).fill(0)];
    expect(twoWindowTest(long, 5, Array<number>(200).fill(1))).toBeCloseTo(1 / 2_535_650_040, 18);
  });

  it('falls back to a seeded Monte Carlo within its error off the grid, and is 1 without two windows', () => {
    const shares = [0.91, 0.95, 0.9, 0.97, 0.93, 0.2, 0.3, 0.25];
    const p = twoWindowTest(shares, 3, Array<number>(shares.length).fill(1e6));
    expect(Math.abs(p - bruteForce(shares, 3))).toBeLessThan(0.005);
    expect(twoWindowTest(shares, 0, [])).toBe(1);
    expect(twoWindowTest(shares, shares.length, [])).toBe(1);
  });
});

describe('homogeneityTest (flakiness: runs differ beyond their repeats)', () => {
  it('is small when runs split all-pass / all-fail and large when every run is alike', () => {
    const split = Array.from({ length: 10 }, (_, i) => ({ passes: i % 2 === 0 ? 3 : 0, trials: 3 }));
    expect(homogeneityTest(split)!).toBeLessThan(0.01);
    const alike = Array.from({ length: 10 }, () => ({ passes: 2, trials: 3 }));
    expect(homogeneityTest(alike)!).toBe(1);
  });

  it('has no p-value with one run or one outcome only', () => {
    expect(homogeneityTest([{ passes: 2, trials: 3 }])).toBeNull();
    expect(
      homogeneityTest([
        { passes: 3, trials: 3 },
        { passes: 2, trials: 2 },
      ]),
    ).toBeNull();
  });
});

describe('clusteredWilson (a pass rate over questions with repeats)', () => {
  it('counts questions whose repeats all agree as one trial each (m − 1 after the small-sample factor), wider than pooled Wilson', () => {
    const correlated = Array.from({ length: 20 }, (_, i) => ({ passes: i < 14 ? 5 : 0, trials: 5 }));
    const clustered = clusteredWilson(correlated)!;
    const pooled = wilson(70, 100)!;
    expect(clustered.rate).toBe(0.7);
    // Σ(k − 0.7·5)² = 14·1.5² + 6·3.5² = 105; Var = (20/19)·105/100²; n_eff = 0.21/Var = 19.
    expect(clustered.effectiveTrials).toBeCloseTo(19, 9);
    expect(clustered.ci[1] - clustered.ci[0]).toBeGreaterThan(pooled[1] - pooled[0]);
    expect(clusteredWilson([])).toBeNull();
  });
});
