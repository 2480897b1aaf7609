import { describe, expect, it } from 'vitest';
import {
  addToTally,
  averageScore,
  doneCount,
  emptyTally,
  type TallyEntry,
} from '../../../../src-main/engine/scoring/tally';
import { computeVerdict } from '../../../../src-main/engine/scoring/verdict';
import type { Gate } from '../../../../src-shared/model';

const hardAvg: Gate = { metric: 'avg_score', threshold: 3.5, type: 'hard' };

function tallyOf(entries: TallyEntry[]) {
  const tally = emptyTally();
  for (const entry of entries) addToTally(tally, entry);
  return tally;
}
const scored = (score: number, threshold = 3.5): TallyEntry => ({
  status: 'scored',
  score,
  passed: score >= threshold,
  targetFailed: false,
});
const degraded = (targetFailed = true): TallyEntry => ({ status: 'degraded', score: null, passed: null, targetFailed });
const unscored: TallyEntry = { status: 'unscored', score: null, passed: null, targetFailed: false };

describe('tally', () => {
  it('counts every status and keeps the running average over scored questions only', () => {
    const tally = tallyOf([scored(4), scored(2), degraded(), degraded(false), unscored]);
    expect(tally).toEqual({ scored: 2, unscored: 1, degraded: 2, passed: 1, errors: 1, scoreSum: 6 });
    expect(doneCount(tally)).toBe(5);
    expect(averageScore(tally)).toBe(3);
    expect(averageScore(emptyTally())).toBeNull();
  });
});

describe('computeVerdict', () => {
  it('passes an avg_score gate and reports avg, pass rate with its Wilson interval and coverage', () => {
    const verdict = computeVerdict({
      tally: tallyOf([scored(4), scored(5), scored(3), scored(4)]),
      total: 4,
      gate: hardAvg,
      questionPassThreshold: 3.5,
    });
    expect(verdict.passed).toBe(true);
    expect(verdict.avg_score).toBe(4);
    expect(verdict.pass_rate).toBe(0.75);
    expect(verdict.pass_rate_ci![0]).toBeCloseTo(0.3006418, 5);
    expect(verdict.pass_rate_ci![1]).toBeCloseTo(0.9544127, 5);
    expect(verdict.coverage).toBe(1);
    expect(verdict.reason).toBe('avg_score 4.00 ≥ 3.50');
    expect(verdict.corrected_pass_rate).toBeNull();
    expect(verdict.counts).toEqual({ total: 4, scored: 4, unscored: 0, degraded: 0, passed: 3 });
  });

  it('fails an avg_score gate below the threshold', () => {
    const verdict = computeVerdict({
      tally: tallyOf([scored(3), scored(3.4)]),
      total: 2,
      gate: hardAvg,
      questionPassThreshold: 3.5,
    });
    expect(verdict.passed).toBe(false);
    expect(verdict.reason).toBe('avg_score 3.20 < 3.50');
  });

  it('gates on pass_rate (0-1) when asked, at exactly the threshold', () => {
    const gate: Gate = { metric: 'pass_rate', threshold: 0.5, type: 'soft' };
    const verdict = computeVerdict({
      tally: tallyOf([scored(4), scored(1)]),
      total: 2,
      gate,
      questionPassThreshold: 3.5,
    });
    expect(verdict.passed).toBe(true);
    expect(verdict.gate_type).toBe('soft');
    expect(verdict.reason).toBe('pass_rate 50.0% ≥ 50.0%');
  });

  it('excludes degraded and unscored questions from the averages but counts them against coverage', () => {
    const verdict = computeVerdict({
      tally: tallyOf([scored(5), scored(5), scored(5), degraded(), unscored]),
      total: 5,
      gate: hardAvg,
      questionPassThreshold: 3.5,
    });
    expect(verdict.avg_score).toBe(5);
    expect(verdict.pass_rate).toBe(1);
    expect(verdict.coverage).toBe(0.6);
    expect(verdict.passed).toBe(true);
  });

  it('fails with "insufficient coverage" below 0.5, whatever the score', () => {
    const verdict = computeVerdict({
      tally: tallyOf([scored(5), degraded(), degraded(), unscored]),
      total: 4,
      gate: hardAvg,
      questionPassThreshold: 3.5,
    });
    expect(verdict.coverage).toBe(0.25);
    expect(verdict.passed).toBe(false);
    expect(verdict.reason).toMatch(/^insufficient coverage: 1 of 4 scored \(25%/);
    expect(verdict.avg_score).toBe(5);
  });

  it('passes at exactly 0.5 coverage', () => {
    const verdict = computeVerdict({
      tally: tallyOf([scored(5), degraded()]),
      total: 2,
      gate: hardAvg,
      questionPassThreshold: 3.5,
    });
    expect(verdict.coverage).toBe(0.5);
    expect(verdict.passed).toBe(true);
  });

  it('an outage (every question degraded) reports no score at all, never 0', () => {
    const verdict = computeVerdict({
      tally: tallyOf([degraded(), degraded(), degraded()]),
      total: 3,
      gate: hardAvg,
      questionPassThreshold: 3.5,
    });
    expect(verdict).toMatchObject({ passed: false, avg_score: null, pass_rate: null, pass_rate_ci: null, coverage: 0 });
    expect(verdict.reason).toContain('insufficient coverage');
    expect(verdict.reason).toContain('3 degraded');
  });

  it('counts questions that were never answered (a smaller tally than total) against coverage', () => {
    const verdict = computeVerdict({
      tally: tallyOf([scored(5)]),
      total: 3,
      gate: hardAvg,
      questionPassThreshold: 3.5,
    });
    expect(verdict.coverage).toBeCloseTo(1 / 3);
    expect(verdict.passed).toBe(false);
  });
});
