import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from '../../../../src-main/engine/stats/false-discovery';
import { chiSquareSurvival, heterogeneity } from '../../../../src-main/engine/stats/chi-square';
import { fisherExact } from '../../../../src-main/engine/stats/fisher';
import { flips } from '../../../../src-main/engine/history/history-stats';
import { wilson } from '../../../../src-main/engine/stats/wilson';

type Reference = {
  fisher: { table: [[number, number], [number, number]]; p: number }[];
  bh: { p: number[]; q: number[] }[];
  wilson: { k: number; n: number; low: number; high: number }[];
  chi2: { x: number; df: number; sf: number }[];
  heterogeneity: { passes: number[]; trials: number; p: number }[];
};
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../fixtures/reference/history_stats_reference.json'), 'utf8'),
) as Reference;

describe('fisherExact', () => {
  it('matches two values checked by hand: the lady tasting tea (34/70) and the 1,9 / 11,3 table', () => {
    expect(fisherExact(3, 1, 1, 3)).toBeCloseTo(34 / 70, 12);
    // Hypergeometric sum over tables as or less likely than the observed one (Wikipedia's worked example).
    expect(fisherExact(1, 9, 11, 3)).toBeCloseTo(0.002759456185220084, 12);
  });

  it.each(reference.fisher)('matches SciPy for %j', ({ table, p }) => {
    const [[a, b], [c, d]] = table;
    expect(fisherExact(a, b, c, d)).toBeCloseTo(p, 10);
  });

  it('is symmetric in the windows and 1 when a margin is empty', () => {
    expect(fisherExact(18, 2, 7, 3)).toBeCloseTo(fisherExact(7, 3, 18, 2), 14);
    expect(fisherExact(0, 0, 3, 4)).toBe(1);
    expect(fisherExact(5, 0, 7, 0)).toBe(1);
    expect(() => fisherExact(-1, 0, 0, 0)).toThrow(/not a count/);
  });
});

describe('benjaminiHochberg', () => {
  it.each(reference.bh)('matches SciPy for $p', ({ p, q }) => {
    const adjusted = benjaminiHochberg(p);
    adjusted.forEach((value, i) => expect(value).toBeCloseTo(q[i]!, 12));
  });

  it('keeps the input order and never exceeds 1', () => {
    expect(benjaminiHochberg([0.9, 0.01])).toEqual([0.9, 0.02]);
    expect(benjaminiHochberg([])).toEqual([]);
  });
});

describe('wilson (the tags over time intervals)', () => {
  it.each(reference.wilson)('matches SciPy for $k of $n', ({ k, n, low, high }) => {
    const [lo, hi] = wilson(k, n)!;
    expect(lo).toBeCloseTo(low, 12);
    expect(hi).toBeCloseTo(high, 12);
  });
});

describe('flips', () => {
  it('counts changes between consecutive verdicts', () => {
    expect(flips([true, false, true, true, false])).toEqual({ flips: 3, pairs: 4 });
    expect(flips([true])).toEqual({ flips: 0, pairs: 0 });
  });
});

describe('chiSquareSurvival and heterogeneity', () => {
  it.each(reference.chi2)('matches SciPy chi2.sf($x, $df)', ({ x, df, sf }) => {
    expect(chiSquareSurvival(x, df)).toBeCloseTo(sf, 10);
  });

  it.each(reference.heterogeneity)('matches SciPy chi2_contingency for $passes of 3', ({ passes, trials, p }) => {
    expect(heterogeneity(passes.map((k) => ({ passes: k, trials })))).toBeCloseTo(p, 10);
  });

  it('is null with one run or a single outcome', () => {
    expect(heterogeneity([{ passes: 1, trials: 3 }])).toBeNull();
    expect(
      heterogeneity([
        { passes: 3, trials: 3 },
        { passes: 3, trials: 3 },
      ]),
    ).toBeNull();
  });
});
