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
