import { describe, expect, it } from 'vitest';
import { rateWithInterval, trustLook } from '../../../src-renderer/features/judges/judges.selectors';

describe('judges selectors', () => {
  it('shows each trust state with a status and a word', () => {
    expect(trustLook('trusted')).toEqual({ status: 'pass', label: 'trusted' });
    expect(trustLook('failing').status).toBe('fail');
    expect(trustLook('stale').status).toBe('degraded');
    expect(trustLook('insufficient').label).toBe('insufficient labels');
    expect(trustLook('unvalidated').status).toBe('skipped');
  });

  it('formats a rate with its interval, or a dash without labels', () => {
    expect(rateWithInterval(0.92, [0.8, 0.97])).toBe('92% [80%, 97%]');
    expect(rateWithInterval(1, null)).toBe('100%');
    expect(rateWithInterval(null, null)).toBe('—');
  });
});

describe('weakestTrust', () => {
  it('names the least trusted judge state of a target, or nothing without judges', async () => {
    const { weakestTrust } = await import('../../../src-renderer/features/judges/judges.selectors');
    const trust = {
      a: { state: 'trusted' as const },
      b: { state: 'unvalidated' as const },
      c: { state: 'failing' as const },
    };
    expect(weakestTrust(['a', 'b'], trust)).toBe('unvalidated');
    expect(weakestTrust(['a', 'b', 'c'], trust)).toBe('failing');
    expect(weakestTrust(['a'], trust)).toBe('trusted');
    expect(weakestTrust(['format_grader'], trust)).toBeUndefined();
  });
});
