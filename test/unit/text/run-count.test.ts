// A run's count: coverage for a fixed run, repeats run against the most it could run for an adaptive one.
import { describe, expect, it } from 'vitest';
import { runCountText } from '../../../src-shared/text/run-count';

describe('runCountText', () => {
  it('shows coverage for a fixed run', () => {
    expect(runCountText({ done: 79, total: 210, repeat: 10 })).toBe('79 / 210');
  });

  it('shows an adaptive run as repeats run of the most it could run, not as coverage', () => {
    expect(runCountText({ done: 97, total: 210, repeat: 10, adaptive: true })).toBe(
      '21 questions · 97 repeats run (at most 210: adaptive stopping)',
    );
  });
});
