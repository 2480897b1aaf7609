import { describe, expect, it } from 'vitest';
import { normalQuantile, zForConfidence } from '../../../../src-main/engine/stats/normal-quantile';

// Reference quantiles (computed to 20+ digits with mpmath, written as the nearest doubles).
const REFERENCE: readonly [number, number][] = [
  [0.5, 0],
  [0.9, 1.2815515655446004],
  [0.95, 1.6448536269514726],
  [0.975, 1.9599639845400543],
  [0.99, 2.326347874040841],
  [0.995, 2.575829303548901],
  [0.999, 3.0902323061678136],
  [0.9999, 3.7190164854556804],
  [0.02425, -1.972961051311885],
  [1e-10, -6.361340902404057],
  [1e-300, -37.0470962993612],
];

describe('normalQuantile (AS 241)', () => {
  it.each(REFERENCE)('Φ⁻¹(%d) matches the reference to 1e-14 relative', (p, z) => {
    expect(Math.abs(normalQuantile(p) - z)).toBeLessThanOrEqual(1e-14 * Math.max(1, Math.abs(z)));
  });

  it('is antisymmetric around 0.5', () => {
    for (const p of [0.001, 0.01, 0.1, 0.3, 0.45]) expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 13);
  });

  it('gives the z of docs/statistics.md for 95% exactly', () => {
    expect(zForConfidence(0.95)).toBe(1.9599639845400536);
    expect(zForConfidence(0.99)).toBeCloseTo(2.575829303548901, 14);
    expect(zForConfidence(0.9)).toBeCloseTo(1.6448536269514726, 14);
  });

  it('returns ±Infinity at the ends and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.5)).toBeNaN();
    expect(normalQuantile(Number.NaN)).toBeNaN();
  });
});
