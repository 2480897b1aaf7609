import { describe, expect, it } from 'vitest';
import { toZeroFive } from '../../../../src-main/engine/scoring/normalise';
import { scoreQuestion, type GraderScoreInput } from '../../../../src-main/engine/scoring/question-score';

const g = (status: GraderScoreInput['status'], score: number | null, minScore = 0, maxScore = 5): GraderScoreInput => ({
  status,
  score,
  minScore,
  maxScore,
});

describe('toZeroFive', () => {
  it('maps linearly from the grader scale', () => {
    expect(toZeroFive(1, 0, 1)).toBe(5);
    expect(toZeroFive(0, 0, 1)).toBe(0);
    expect(toZeroFive(3, 0, 5)).toBe(3);
    expect(toZeroFive(7, 1, 10)).toBeCloseTo((6 / 9) * 5);
  });

  it('clamps scores outside the scale and rejects an empty scale', () => {
    expect(toZeroFive(9, 0, 5)).toBe(5);
    expect(toZeroFive(-1, 0, 1)).toBe(0);
    expect(() => toZeroFive(1, 1, 1)).toThrow(/empty/);
  });
});

describe('scoreQuestion', () => {
  it('averages the non-null 0-5 scores and ignores skips', () => {
    const result = scoreQuestion([g('scored', 4), g('scored', 1, 0, 1), g('skipped', null)], 3.5);
    expect(result).toEqual({ status: 'scored', score: 4.5, passed: true });
  });

  it('passes at exactly the threshold and fails just below it', () => {
    expect(scoreQuestion([g('scored', 3.5)], 3.5).passed).toBe(true);
    expect(scoreQuestion([g('scored', 3.49)], 3.5).passed).toBe(false);
  });

  it('a binary judge saying 0 gives a real score of 0, not an unscored question', () => {
    expect(scoreQuestion([g('scored', 0, 0, 1)], 3.5)).toEqual({ status: 'scored', score: 0, passed: false });
  });

  it('is unscored when every grader skipped (or there are none)', () => {
    expect(scoreQuestion([g('skipped', null), g('skipped', null)], 3.5)).toEqual({
      status: 'unscored',
      score: null,
      passed: null,
    });
    expect(scoreQuestion([], 3.5).status).toBe('unscored');
  });

  it('is degraded when any grader errored, whatever the others scored', () => {
    expect(scoreQuestion([g('scored', 5), g('error', null)], 3.5)).toEqual({
      status: 'degraded',
      score: null,
      passed: null,
    });
  });

  it('is degraded when the target call failed', () => {
    expect(scoreQuestion([], 3.5, true)).toEqual({ status: 'degraded', score: null, passed: null });
  });
});
