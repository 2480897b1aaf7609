import { describe, expect, it } from 'vitest';
import { wilson, Z95 } from '../../../../src-main/engine/stats/wilson';

describe('wilson', () => {
  it('matches the published interval for 8 of 10 (statsmodels proportion_confint, method=wilson)', () => {
    const [lo, hi] = wilson(8, 10)!;
    expect(lo).toBeCloseTo(0.4901625, 6);
    expect(hi).toBeCloseTo(0.9433178, 6);
  });

  it('stays inside [0, 1] at the edges and is not degenerate', () => {
    const [lo0, hi0] = wilson(0, 10)!;
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775328, 6);
    const [lo1, hi1] = wilson(10, 10)!;
    expect(lo1).toBeCloseTo(0.7224672, 6);
    expect(hi1).toBe(1);
  });

  it('narrows as n grows and takes another z', () => {
    const small = wilson(50, 100)!;
    const large = wilson(5000, 10000)!;
    expect(large[1] - large[0]).toBeLessThan(small[1] - small[0]);
    const z99 = wilson(50, 100, 2.5758293035489)!;
    expect(z99[1] - z99[0]).toBeGreaterThan(small[1] - small[0]);
    expect(Z95).toBeCloseTo(1.96, 2);
  });

  it('has no interval for n = 0 and rejects impossible counts', () => {
    expect(wilson(0, 0)).toBeNull();
    expect(() => wilson(11, 10)).toThrow(/outside/);
  });
});
