import { describe, expect, it } from 'vitest';
import { cochranSampleSize } from '../../../../src-main/engine/stats/cochran';
import { zForConfidence } from '../../../../src-main/engine/stats/normal-quantile';

describe('cochranSampleSize', () => {
  it('gives the textbook 385 for 95% and ±5%', () => {
    // n0 = 1.959964² · 0.25 / 0.05² = 384.146 → 385.
    expect(cochranSampleSize({ confidence: 0.95, marginOfError: 0.05 })).toBe(385);
  });

  it('follows the confidence, the margin and the proportion', () => {
    expect(cochranSampleSize({ confidence: 0.99, marginOfError: 0.05 })).toBe(664); // 2.575829² · 0.25 / 0.0025 = 663.49
    expect(cochranSampleSize({ confidence: 0.95, marginOfError: 0.1 })).toBe(97); // 96.04
    expect(cochranSampleSize({ confidence: 0.95, marginOfError: 0.05, proportion: 0.1 })).toBe(139); // 138.29
  });

  it('applies the finite-population correction when the population is known', () => {
    // 384.146 / (1 + 383.146 / 1000) = 277.74 → 278; 384.146 / (1 + 383.146 / 100) = 79.5 → 80.
    expect(cochranSampleSize({ confidence: 0.95, marginOfError: 0.05, population: 1000 })).toBe(278);
    expect(cochranSampleSize({ confidence: 0.95, marginOfError: 0.05, population: 100 })).toBe(80);
    expect(cochranSampleSize({ confidence: 0.95, marginOfError: 0.05, population: 1 })).toBe(1);
  });

  it('does not round an exact value up by floating-point residue', () => {
    // e = z/20 makes n0 = z²·0.25 / (z²/400) = 100 exactly, up to the last bit.
    expect(cochranSampleSize({ confidence: 0.95, marginOfError: zForConfidence(0.95) / 20 })).toBe(100);
    expect(cochranSampleSize({ confidence: 0.9, marginOfError: zForConfidence(0.9) / 20 })).toBe(100);
  });

  it('refuses a confidence or margin outside (0, 1)', () => {
    expect(() => cochranSampleSize({ confidence: 1, marginOfError: 0.05 })).toThrow(/confidence/);
    expect(() => cochranSampleSize({ confidence: 0.95, marginOfError: 0 })).toThrow(/margin/);
  });
});
