import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  comparePaired,
  DEFAULT_BOOTSTRAP,
  mcnemarExact,
  pairedBootstrap,
  passRateSentence,
  type PairedQuestion,
} from '../../../../src-main/engine/compare/paired-stats';

// Computed by SciPy: scripts/reference/compare-stats.py (binomtest, and the paired percentile bootstrap).
const reference = JSON.parse(
  readFileSync(new URL('../../../fixtures/compare/stats-reference.json', import.meta.url), 'utf8'),
) as {
  mcnemar: { improved: number; worsened: number; p: number }[];
  bootstrap: {
    name: string;
    a: number[];
    b: number[];
    estimate: number;
    lower: number;
    upper: number;
    standard_error: number;
  }[];
};

const pairsOf = (a: readonly number[], b: readonly number[]): PairedQuestion[] =>
  a.map((score, i) => ({ a: [score], b: [b[i] as number], passedA: score >= 3.5, passedB: (b[i] as number) >= 3.5 }));

describe('mcnemarExact', () => {
  it.each(reference.mcnemar)('matches SciPy for $improved improved, $worsened worse', ({ improved, worsened, p }) => {
    expect(mcnemarExact(improved, worsened)).toBeCloseTo(p, 12);
  });
});

describe('pairedBootstrap', () => {
  it.each(reference.bootstrap)('matches SciPy’s paired percentile interval on "$name"', (ref) => {
    const interval = pairedBootstrap(pairsOf(ref.a, ref.b), DEFAULT_BOOTSTRAP);
    expect(interval?.estimate).toBeCloseTo(ref.estimate, 10);
    // Two different resamplers: the bounds agree within Monte Carlo error (about 0.03 standard errors at 10,000
    // resamples); a wrong level or a non-paired resampling is off by 0.3 standard errors or more.
    const tolerance = 0.1 * ref.standard_error;
    expect(Math.abs((interval?.lower ?? NaN) - ref.lower)).toBeLessThan(tolerance);
    expect(Math.abs((interval?.upper ?? NaN) - ref.upper)).toBeLessThan(tolerance);
  });

  it('gives the same interval for the same seed and another for another seed', () => {
    const ref = reference.bootstrap[0]!;
    const pairs = pairsOf(ref.a, ref.b);
    expect(pairedBootstrap(pairs, DEFAULT_BOOTSTRAP)).toEqual(pairedBootstrap(pairs, DEFAULT_BOOTSTRAP));
    expect(pairedBootstrap(pairs, { ...DEFAULT_BOOTSTRAP, seed: 1 })).not.toEqual(
      pairedBootstrap(pairs, DEFAULT_BOOTSTRAP),
    );
  });

  it('widens the interval when repeats disagree, at the same means', () => {
    const steady: PairedQuestion[] = Array.from({ length: 30 }, (_, i) => ({
      a: [3, 3, 3],
      b: [3.3 + (i % 3) * 0.1, 3.3 + (i % 3) * 0.1, 3.3 + (i % 3) * 0.1],
      passedA: false,
      passedB: false,
    }));
    const noisy = steady.map((q) => ({ ...q, a: [1, 3, 5], b: q.b.map((v, j) => v + (j - 1) * 2) }));
    const narrow = pairedBootstrap(steady, DEFAULT_BOOTSTRAP)!;
    const wide = pairedBootstrap(noisy, DEFAULT_BOOTSTRAP)!;
    expect(wide.estimate).toBeCloseTo(narrow.estimate, 10);
    expect(wide.upper - wide.lower).toBeGreaterThan(3 * (narrow.upper - narrow.lower));
  });

  it('is null when no question was scored on both sides', () => {
    expect(pairedBootstrap([{ a: [], b: [4], passedA: false, passedB: true }], DEFAULT_BOOTSTRAP)).toBeNull();
  });
});

describe('comparePaired', () => {
  it('says B is better with the interval and the counts when the interval excludes zero', () => {
    const ref = reference.bootstrap.find((c) => c.name === 'better')!;
    const result = comparePaired('B', pairsOf(ref.a, ref.b));
    expect(result.scoreDifference!.lower).toBeGreaterThan(0);
    expect(result.sentence).toMatch(/^B is better by 0\.61 \(0\.\d\d to 0\.\d\d\); \d+ questions improved, \d+ worse$/);
    expect(result.improved).toBe(pairsOf(ref.a, ref.b).filter((p) => p.passedB && !p.passedA).length);
  });

  it('says worse with the size of the drop and its interval as sizes too, never mixed signs (issue 49)', () => {
    const worse = reference.bootstrap.find((c) => c.name === 'worse')!;
    const result = comparePaired('B', pairsOf(worse.a, worse.b));
    const interval = result.scoreDifference!;
    expect(interval.upper).toBeLessThan(0);
    const sizes = `${(-interval.upper).toFixed(2)} to ${(-interval.lower).toFixed(2)}`;
    expect(result.sentence.startsWith(`B is worse by 0.56 (${sizes}); `)).toBe(true);
    expect(result.sentence).not.toMatch(/-\d/);
  });

  it('says "no difference beyond noise" with the signed difference and its interval in one pair of brackets', () => {
    const noise = reference.bootstrap.find((c) => c.name === 'noise')!;
    const result = comparePaired('B', pairsOf(noise.a, noise.b));
    expect(result.sentence).toMatch(
      /^B: no difference beyond noise \(score -0\.16, 95% interval -0\.\d\d to \+0\.\d\d\); \d+ questions? improved, \d+ worse$/,
    );
    expect(result.sentence).not.toMatch(/\([^)]*\(/); // no bracket inside a bracket
  });

  it('words the pass-rate difference in a sentence of its own', () => {
    const pairs = [
      ...Array.from({ length: 6 }, () => ({ a: [2], b: [4], passedA: false, passedB: true })),
      ...Array.from({ length: 14 }, () => ({ a: [4], b: [4], passedA: true, passedB: true })),
    ];
    expect(passRateSentence('This run', comparePaired('B', pairs))).toBe(
      'This run has a pass rate 30 points higher over 20 questions (6 pass only here, 0 only in the baseline); McNemar p = 0.031, beyond the noise',
    );
    const same = comparePaired('B', pairs.slice(6));
    expect(passRateSentence('This run', same)).toBe(
      'This run has the same pass rate over 14 questions (0 pass only here, 0 only in the baseline); McNemar p = 1.000, within the noise',
    );
    expect(passRateSentence('This run', comparePaired('B', []))).toBe(
      'This run: no question was scored in both runs, so no pass rates to compare',
    );
  });
});
