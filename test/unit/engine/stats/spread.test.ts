import { describe, expect, it } from 'vitest';
import { spreadOf, standardErrorOfDifference } from '../../../../src-main/engine/stats/spread';

describe('spreadOf', () => {
  it('gives the mean and the sample standard deviation, leaving out runs that scored nothing', () => {
    const spread = spreadOf([2, null, 4, 3]);
    expect(spread.n).toBe(3);
    expect(spread.mean).toBe(3);
    expect(spread.sd).toBeCloseTo(1, 12);
  });

  it('has no spread with one run and no mean with none', () => {
    expect(spreadOf([3.2])).toEqual({ n: 1, mean: 3.2, sd: null });
    expect(spreadOf([null])).toEqual({ n: 0, mean: null, sd: null });
  });
});

describe('standardErrorOfDifference', () => {
  it('is sqrt(sd_b²/n_b + sd_c²/n_c)', () => {
    const se = standardErrorOfDifference(spreadOf([1, 2, 3]), spreadOf([2, 4]));
    expect(se).toBeCloseTo(Math.sqrt(1 / 3 + 2 / 2), 12);
  });

  it('is unknown when a side has one run', () => {
    expect(standardErrorOfDifference(spreadOf([1, 2]), spreadOf([3]))).toBeNull();
  });
});
