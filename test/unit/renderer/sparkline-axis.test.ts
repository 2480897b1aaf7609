import { describe, expect, it } from 'vitest';
import { fittedAxis } from '../../../src-renderer/components/sparkline-axis';

describe('the sparkline axis is fitted to the values', () => {
  it('spreads 4.1–4.8 of a 0–5 score over most of its height', () => {
    const [low, high] = fittedAxis([4.1, 4.5, 4.8], 5);
    expect(low).toBeLessThan(4.1);
    expect(high).toBeGreaterThan(4.8);
    expect((4.8 - 4.1) / (high - low)).toBeGreaterThan(0.8);
  });

  it('keeps the axis inside the scale and never zero wide', () => {
    expect(fittedAxis([5, 5, 5], 5)).toEqual([4.7, 5]);
    expect(fittedAxis([0, 0], 1)[0]).toBe(0);
    const [low, high] = fittedAxis([0.5], 1);
    expect(high - low).toBeCloseTo(0.06);
  });
});
