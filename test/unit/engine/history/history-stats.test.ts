import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from '../../../../src-main/engine/stats/false-discovery';
import { wilson } from '../../../../src-main/engine/stats/wilson';

// The file also holds Fisher's and chi-square reference values from before history tested runs as the unit; unread.
type Reference = {
  bh: { p: number[]; q: number[] }[];
  wilson: { k: number; n: number; low: number; high: number }[];
};
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../fixtures/reference/history_stats_reference.json'), 'utf8'),
) as Reference;

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
