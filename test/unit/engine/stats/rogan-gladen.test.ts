import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  langReiczigelInterval,
  roganGladen,
  roganGladenUnclipped,
} from '../../../../src-main/engine/stats/rogan-gladen';
import { zForConfidence } from '../../../../src-main/engine/stats/normal-quantile';

type ReferenceCase = {
  id: string;
  counts: { nP: number; kP: number; nSe: number; kSe: number; nSp: number; kSp: number; conf: number };
  z: number;
  lower: number | null;
  upper: number | null;
  rogan_gladen_unclipped: number;
};
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../fixtures/reference/lang_reiczigel_reference.json'), 'utf8'),
) as {
  cases: ReferenceCase[];
};

describe('Lang & Reiczigel interval: the reference R implementation (BfR CI_Binom)', () => {
  it.each(reference.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(zForConfidence(c.counts.conf)).toBe(c.z);
    const interval = langReiczigelInterval(c.counts, c.z);
    if (c.lower === null || c.upper === null) {
      expect(interval).toBeNull();
    } else {
      expect(interval).not.toBeNull();
      expect(Math.abs(interval![0] - c.lower)).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(interval![1] - c.upper)).toBeLessThanOrEqual(1e-12);
    }
    expect(Math.abs(roganGladenUnclipped(c.counts)! - c.rogan_gladen_unclipped)).toBeLessThanOrEqual(1e-12);
  });
});

describe('roganGladen', () => {
  it('corrects the observed rate: p 0.5, TPR 0.9, TNR 0.8 → 0.3/0.7', () => {
    const counts = { nP: 100, kP: 50, nSe: 10, kSe: 9, nSp: 10, kSp: 8 };
    expect(roganGladen(counts)).toBeCloseTo(3 / 7, 15);
  });

  it('clips at 0 and at 1', () => {
    // p 0.1: (0.1 + 0.8 − 1)/0.7 = −0.143 → 0.
    expect(roganGladenUnclipped({ nP: 100, kP: 10, nSe: 10, kSe: 9, nSp: 10, kSp: 8 })).toBeCloseTo(-0.1 / 0.7, 14);
    expect(roganGladen({ nP: 100, kP: 10, nSe: 10, kSe: 9, nSp: 10, kSp: 8 })).toBe(0);
    // p 0.95, TPR 0.9, TNR 0.95: 0.9/0.85 = 1.059 → 1.
    expect(roganGladen({ nP: 100, kP: 95, nSe: 10, kSe: 9, nSp: 20, kSp: 19 })).toBe(1);
  });

  it('has no estimate when TPR + TNR = 1 (a coin) and inverts when it is below 1', () => {
    expect(roganGladen({ nP: 10, kP: 5, nSe: 10, kSe: 5, nSp: 10, kSp: 5 })).toBeNull();
    // TPR 0.4 + TNR 0.5 = 0.9: (0.5 + 0.5 − 1)/(−0.1) = 0, a meaningless but defined number; the interval says so.
    expect(roganGladenUnclipped({ nP: 10, kP: 6, nSe: 10, kSe: 4, nSp: 10, kSp: 5 })).toBeCloseTo(-1, 14);
  });
});

describe('langReiczigelInterval', () => {
  const z = 1.9599639845400536;

  it('gives no interval when kSe/nSe + kSp/nSp <= 1', () => {
    expect(langReiczigelInterval({ nP: 100, kP: 50, nSe: 10, kSe: 5, nSp: 10, kSp: 5 }, z)).toBeNull(); // exactly 1
    expect(langReiczigelInterval({ nP: 100, kP: 50, nSe: 10, kSe: 4, nSp: 10, kSp: 5 }, z)).toBeNull(); // 0.9
  });

  it('gives no interval when the adjusted J′ <= 0 although the raw sum exceeds 1', () => {
    // kSe/nSe + kSp/nSp = 1/1 + 1/10 = 1.1 > 1, but se′ = 2/3 and sp′ = 2/12 give J′ = −0.1667.
    expect(langReiczigelInterval({ nP: 20, kP: 10, nSe: 1, kSe: 1, nSp: 10, kSp: 1 }, z)).toBeNull();
  });

  it('matches a hand computation of the formulas of docs/statistics.md', () => {
    // nP 100, kP 60, nSe 20, kSe 19, nSp 20, kSp 18, z = 2 (z² = 4):
    // nP′ 104, kP′ 62, p′ 0.596154; se′ 20/22 = 0.909091; sp′ 19/22 = 0.863636; J′ 0.772727;
    // θ′ = (0.596154 + 0.863636 − 1)/0.772727 = 0.595023;
    // SE = sqrt(0.596154·0.403846/104 + (0.909091·0.090909/22)·θ′² + (0.863636·0.136364/22)·(1−θ′)²)/J′
    //    = sqrt(0.00231495 + 0.00133002 + 0.00087795)/0.772727 = 0.0870328;
    // d = 2·4·(θ′·0.00375657 − (1−θ′)·0.00535312) = 8·(0.00223525 − 0.00216788) = 0.00053884;
    // interval = θ′ + d ∓ 2·SE = [0.421496, 0.769627].
    const interval = langReiczigelInterval({ nP: 100, kP: 60, nSe: 20, kSe: 19, nSp: 20, kSp: 18 }, 2)!;
    expect(interval[0]).toBeCloseTo(0.421496, 5);
    expect(interval[1]).toBeCloseTo(0.769627, 5);
  });

  it('clips both ends to [0, 1]', () => {
    const low = langReiczigelInterval({ nP: 50, kP: 0, nSe: 30, kSe: 29, nSp: 30, kSp: 29 }, z)!;
    expect(low[0]).toBe(0);
    const high = langReiczigelInterval({ nP: 50, kP: 50, nSe: 30, kSe: 29, nSp: 30, kSp: 29 }, z)!;
    expect(high[1]).toBe(1);
  });
});
