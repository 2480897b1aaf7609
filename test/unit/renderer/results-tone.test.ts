import { describe, expect, it } from 'vitest';
import { graderTone, turnsBeforeResponse } from '../../../src-renderer/features/results/results.selectors';

describe('grader tone and transcript', () => {
  it('colours a grader by its normalised score against the pass threshold', () => {
    expect(graderTone({ status: 'scored', score0to5: 5 }, 3.5)).toBe('pass');
    expect(graderTone({ status: 'scored', score0to5: 3 }, 3.5)).toBe('fail');
    expect(graderTone({ status: 'skipped', score0to5: null }, 3.5)).toBe('skipped');
    expect(graderTone({ status: 'error', score0to5: null }, 3.5)).toBe('error');
  });

  it('drops a last assistant turn that repeats the response, and only that', () => {
    const turns = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ];
    expect(turnsBeforeResponse(turns, 'Hello')).toEqual([turns[0]]);
    expect(turnsBeforeResponse(turns, 'Other')).toEqual(turns);
    expect(turnsBeforeResponse(turns.slice(0, 1), 'Hi')).toEqual(turns.slice(0, 1));
  });
});
