// Active labeling said in words: the width in points, the last label's change, and whether labels still pay.
import { describe, expect, it } from 'vitest';
import {
  lastLabelChange,
  nextActiveId,
  reviewerProgressInWords,
  stopInWords,
  widthInPoints,
} from '../../../src-renderer/features/judges/active-labeling.selectors';

const step = (before: number, after: number, i: number) => ({ id: `g${i}`, before, after, labelledAt: i });

describe('active labeling selectors', () => {
  it('gives the width in percentage points, and no interval at 1', () => {
    expect(widthInPoints(0.2345)).toBe('23.4 points');
    expect(widthInPoints(1)).toBe('no interval yet');
  });

  it('says the last label’s change of the width', () => {
    expect(lastLabelChange({ history: [] })).toBeNull();
    expect(lastLabelChange({ history: [step(0.34, 0.312, 0)] })).toBe('34.0 → 31.2 points (−2.8)');
    expect(lastLabelChange({ history: [step(1, 0.5, 0)] })).toBe('no interval → 50.0 points');
    expect(lastLabelChange({ history: [step(0.846, 1, 0)] })).toMatch(/^84\.6 points → no interval \(/);
    expect(lastLabelChange({ history: [step(1, 1, 0)] })).toBe('no interval yet');
    expect(lastLabelChange({ history: [step(0.3, 0.31, 0)] })).toMatch(
      /^30\.0 → 31\.0 points \(\+1\.0\): this label disagreed with the judge/,
    );
  });

  it('says whether labels stopped paying once there are `over` labels', () => {
    const history = [step(0.3, 0.25, 0), step(0.25, 0.248, 1), step(0.248, 0.247, 2)];
    const stop = (stoppedPaying: boolean) => ({ stepPp: 0.5, over: 3, stoppedPaying });
    expect(stopInWords({ history: history.slice(0, 2), stop: stop(false) })).toBeNull();
    expect(stopInWords({ history, stop: stop(false) })).toBe(
      'The last 3 labels shrank the width by 5.30 points (the step is 0.5): labels still pay.',
    );
    expect(stopInWords({ history, stop: stop(true) })).toMatch(/^More labels stopped paying: the last 3 labels shrank/);
  });

  it("gives each reviewer's own progress", () => {
    expect(reviewerProgressInWords({ reviewers: [] })).toBeNull();
    const reviewers = [
      { reviewer: '', labelled: 2, of: 21 },
      { reviewer: 'ben', labelled: 3, of: 21 },
    ];
    expect(reviewerProgressInWords({ reviewers })).toBe('unnamed: 2 of 21 · ben: 3 of 21');
  });

  it('names the item to label next', () => {
    expect(nextActiveId(undefined)).toBeUndefined();
    expect(nextActiveId({ order: [{ id: 'g7', stratum: 'judge_fail', expectedWidth: 0.2 }] })).toBe('g7');
  });
});
