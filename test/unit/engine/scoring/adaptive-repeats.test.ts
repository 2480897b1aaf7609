import { describe, expect, it } from 'vitest';
import {
  adaptiveErrorBound,
  adaptiveOdds,
  fullVerdict,
  settledVerdict,
  type AdaptiveRule,
} from '../../../../src-main/engine/scoring/adaptive-repeats';
import { seededRandom } from '../../../../src-main/engine/stats/random';

const rule: AdaptiveRule = { repeat: 20, minRepeats: 3, confidence: 0.95 };
/** Per-question pass probabilities of the simulated provider: stable, flaky and coin-flip questions. */
const PROBABILITIES = [0.02, 0.1, 0.3, 0.45, 0.5, 0.55, 0.7, 0.9, 0.98];
const TRIALS = 4000;

/** One question's N answers drawn once; the adaptive rule reads them in order and may stop early. */
function simulate(p: number, random: () => number) {
  const answers = Array.from({ length: rule.repeat }, () => random() < p);
  let passes = 0;
  let used = rule.repeat;
  let adaptive: 'pass' | 'fail' | null = null;
  for (let n = 1; n <= rule.repeat; n += 1) {
    passes += answers[n - 1] ? 1 : 0;
    if (n < rule.repeat) adaptive = settledVerdict(passes, n, rule);
    if (adaptive) {
      used = n;
      break;
    }
  }
  const full = fullVerdict(answers.filter(Boolean).length, rule.repeat);
  return { agrees: (adaptive ?? full) === full, used };
}

describe('--repeat N --adaptive: the sequential rule', () => {
  it('stops only past the minimum, once the Wilson interval is clear of one half', () => {
    expect(settledVerdict(2, 2, rule)).toBeNull();
    expect(settledVerdict(3, 3, rule)).toBeNull(); // [0.44, 1]: not clear yet
    expect(settledVerdict(4, 4, rule)).toBe('pass'); // [0.51, 1]
    expect(settledVerdict(0, 4, rule)).toBe('fail');
    expect(settledVerdict(6, 10, rule)).toBeNull();
  });

  it('agrees with the full-repeat verdict at least 1 - bound of the time on a seeded simulated provider, and saves calls', () => {
    const bound = adaptiveErrorBound(rule);
    expect(bound).toBeLessThan(0.03); // 2.2 % for N = 20 at 95 %
    const random = seededRandom(34);
    let agreed = 0;
    let used = 0;
    for (const p of PROBABILITIES) {
      let agreedHere = 0;
      let usedHere = 0;
      for (let trial = 0; trial < TRIALS; trial += 1) {
        const outcome = simulate(p, random);
        agreedHere += outcome.agrees ? 1 : 0;
        usedHere += outcome.used;
      }
      // The simulation matches the exact walk within sampling noise (4 standard errors).
      const exact = adaptiveOdds(p, rule);
      const se = Math.sqrt((exact.disagreement * (1 - exact.disagreement)) / TRIALS) + 1e-3;
      expect(Math.abs(1 - agreedHere / TRIALS - exact.disagreement)).toBeLessThan(4 * se);
      expect(Math.abs(usedHere / TRIALS - exact.expectedRepeats)).toBeLessThan(0.2);
      expect(exact.disagreement).toBeLessThanOrEqual(bound);
      agreed += agreedHere;
      used += usedHere;
    }
    const questions = PROBABILITIES.length * TRIALS;
    expect(agreed / questions).toBeGreaterThanOrEqual(1 - bound);
    const saved = 1 - used / (questions * rule.repeat);
    expect(saved).toBeGreaterThan(0.4);
    console.info(
      `adaptive N=${rule.repeat}, min ${rule.minRepeats}, ${rule.confidence * 100}%: bound ${(bound * 100).toFixed(2)}%, ` +
        `agreement ${((agreed / questions) * 100).toFixed(2)}%, calls saved ${(saved * 100).toFixed(1)}%`,
    );
  });

  it('never stops a question whose few repeats cannot settle it (N = 5 at 99 %): no calls saved, no disagreement', () => {
    const strict = { repeat: 5, minRepeats: 3, confidence: 0.99 };
    expect(adaptiveErrorBound(strict)).toBe(0);
    expect(adaptiveOdds(0.98, strict).expectedRepeats).toBeCloseTo(5, 10);
  });
});
