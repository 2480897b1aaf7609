// A run's progress over a stable total: an adaptive run's settled repeats are saved beside it, not taken off it.
import { describe, expect, it } from 'vitest';
import { progressCountText, progressFraction } from '../../../src-shared/text/progress-count';

describe('progressCountText and progressFraction', () => {
  it('shows a fixed run as done of total', () => {
    expect(progressCountText({ done: 79, total: 210 })).toBe('79/210');
    expect(progressCountText({ done: 79, total: 210 }, ' / ')).toBe('79 / 210');
    expect(progressFraction({ done: 105, total: 210 })).toBe(0.5);
  });

  it('keeps an adaptive run at its planned total and names what adaptive stopping saved', () => {
    expect(progressCountText({ done: 97, total: 210, saved: 113 })).toBe(
      '97/210 repeats run, 113 not needed (adaptive stopping)',
    );
    // Through once every planned repeat is run or saved: the bar ends full without the total dropping to 97.
    expect(progressFraction({ done: 97, total: 210, saved: 113 })).toBe(1);
    expect(progressFraction({ done: 79, total: 210, saved: 26 })).toBe(0.5);
  });

  it('counts an empty plan as through', () => {
    expect(progressFraction({ done: 0, total: 0 })).toBe(1);
  });
});
