import { describe, expect, it } from 'vitest';
import { decide } from '../../../../src-main/engine/optimizer/noise';
import { spreadOf } from '../../../../src-main/engine/stats/spread';

const rule = { margin: 0.4, allowUnknownNoise: false };

describe('decide', () => {
  it('accepts a gain above both the margin and twice the standard error, and says both numbers', () => {
    const decision = decide(spreadOf([2, 2.2, 1.8]), spreadOf([4, 4.2, 3.8]), rule);
    expect(decision.accepted).toBe(true);
    expect(decision.gain).toBeCloseTo(2, 12);
    expect(decision.noise).toBeCloseTo(2 * Math.sqrt(0.04 / 3 + 0.04 / 3), 12);
    expect(decision.reason).toContain('gain +2.00');
    expect(decision.reason).toContain('margin 0.40');
    expect(decision.reason).toContain('2 × SE of the difference = 0.33');
  });

  it('rejects a gain above the margin that is within the noise, naming the margin and the noise', () => {
    const decision = decide(spreadOf([2, 3, 1]), spreadOf([2.5, 3.5, 1.5]), rule);
    expect(decision.accepted).toBe(false);
    expect(decision.gain).toBeCloseTo(0.5, 12);
    expect(decision.noise).toBeCloseTo(2 * Math.sqrt(2 / 3), 12);
    expect(decision.reason).toMatch(
      /^rejected: .*gain \+0\.50 is above the margin 0\.40 but within the noise: 2 × SE of the difference = 1\.63/,
    );
    expect(decision.reason).toContain('run-to-run SD 1.00 baseline, 1.00 candidate');
  });

  it('rejects a gain at or below the margin however quiet the runs are', () => {
    expect(decide(spreadOf([3, 3, 3]), spreadOf([3.4, 3.4, 3.4]), rule)).toMatchObject({ accepted: false });
    expect(decide(spreadOf([3, 3, 3]), spreadOf([3.4, 3.4, 3.4]), rule).reason).toContain(
      'is not above the improvement margin 0.40',
    );
    expect(decide(spreadOf([3, 3]), spreadOf([2, 2]), rule).reason).toContain('gain −1.00');
  });

  it('accepts on the margin alone when both sides have no spread at all (deterministic runs)', () => {
    expect(decide(spreadOf([2, 2, 2]), spreadOf([3, 3, 3]), rule)).toMatchObject({ accepted: true, noise: 0 });
  });

  it('with one run per side says the noise is unknown and rejects, unless asked to accept on the margin', () => {
    const rejected = decide(spreadOf([2]), spreadOf([4]), rule);
    expect(rejected.accepted).toBe(false);
    expect(rejected.reason).toContain('with 1 run on a side the run-to-run noise is unknown');
    expect(rejected.reason).toContain('candidate_runs to 2 or more');
    const accepted = decide(spreadOf([2]), spreadOf([4]), { margin: 0.4, allowUnknownNoise: true });
    expect(accepted.accepted).toBe(true);
    expect(accepted.reason).toContain('accepted on the margin alone as asked');
  });

  it('rejects when a side scored nothing', () => {
    expect(decide(spreadOf([null, null]), spreadOf([3, 3]), rule).reason).toContain('the baseline scored no question');
  });
});
