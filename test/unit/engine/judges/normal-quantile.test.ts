import { describe, expect, it } from 'vitest';
import { normalQuantile, zForConfidence } from '../../../../src-main/engine/judges/normal-quantile';

// Reference quantiles to 20+ digits (Abramowitz & Stegun tables / mpmath erfinv).
const REFERENCE: readonly [number, number][] = [
  [0.5, 0],
  [0.9, 1.2815515655446004669651],
  [0.95, 1.6448536269514727148638],
  [0.975, 1.9599639845400542355245],
  [0.99, 2.3263478740408411008856],
  [0.995, 2.5758293035489007610785],
  [0.999, 3.0902323061678135415403],
  [0.9999, 3.7190164854556805],
  [0.02425, -1.9729610513118827],
  [1e-10, -6.3613409024040557],
  [1e-300, -37.047096299361209],
];

describe('normalQuantile (AS 241)', () => {
  it.each(REFERENCE)('Φ⁻¹(%d) matches the reference to 1e-14 relative', (p, z) => {
    expect(Math.abs(normalQuantile(p) - z)).toBeLessThanOrEqual(1e-14 * Math.max(1, Math.abs(z)));
  });

  it('is antisymmetric around 0.5', () => {
    for (const p of [0.001, 0.01, 0.1, 0.3, 0.45]) expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 13);
  });

  it('gives SPEC 11’s z for 95% exactly', () => {
    expect(zForConfidence(0.95)).toBe(1.9599639845400536);
    expect(zForConfidence(0.99)).toBeCloseTo(2.5758293035489008, 14);
    expect(zForConfidence(0.9)).toBeCloseTo(1.6448536269514727, 14);
  });

  it('returns ±Infinity at the ends and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.5)).toBeNaN();
    expect(normalQuantile(Number.NaN)).toBeNaN();
  });
});
