import { describe, expect, it } from 'vitest';
import { combine } from '../../../../../src-main/engine/grading/rubric/combine';

const items = [
  { score: 1, passed: true, weight: 1 },
  { score: 0.5, passed: false, weight: 3 },
  { score: 0.2, passed: false, weight: 0 },
];

describe('combine', () => {
  it('all_pass and any_pass give 1 or 0 from the passed flags', () => {
    expect(combine('all_pass', items, 0.7)).toEqual({ score: 0, passed: false });
    expect(combine('any_pass', items, 0.7)).toEqual({ score: 1, passed: true });
    expect(combine('all_pass', [items[0]!], 0.7)).toEqual({ score: 1, passed: true });
  });

  it('weighted_avg weighs each score and passes at the threshold', () => {
    expect(combine('weighted_avg', items, 0.625)).toEqual({ score: 0.625, passed: true });
    expect(combine('weighted_avg', items, 0.63).passed).toBe(false);
  });

  it('weighted_avg with only zero weights counts every check the same', () => {
    expect(
      combine(
        'weighted_avg',
        [
          { score: 1, passed: true, weight: 0 },
          { score: 0, passed: false, weight: 0 },
        ],
        0.5,
      ),
    ).toEqual({ score: 0.5, passed: true });
  });

  it('min, max and median', () => {
    expect(combine('min', items, 0.2)).toEqual({ score: 0.2, passed: true });
    expect(combine('max', items, 0.2).score).toBe(1);
    expect(combine('median', items, 0.2).score).toBe(0.5);
    expect(combine('median', items.slice(0, 2), 0.2).score).toBe(0.75);
  });

  it('refuses an empty list (the caller skips instead)', () => {
    expect(() => combine('min', [], 0.5)).toThrow();
  });
});
