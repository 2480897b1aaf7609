import { describe, expect, it } from 'vitest';
import { cutWithMark } from '../../../src-shared/text/cut-mark';

describe('cutWithMark', () => {
  it('keeps text that fits, and cuts longer text by code points with a mark giving the original length', () => {
    expect(cutWithMark('abc', 3)).toBe('abc');
    expect(cutWithMark('😀😀😀', 3)).toBe('😀😀😀'); // 6 UTF-16 units, 3 characters: fits
    expect(cutWithMark('😀😀😀😀', 2)).toBe('😀😀\n[cut for size: 2 of 4 characters kept]');
    expect(cutWithMark('x'.repeat(15312), 2000)).toBe(
      `${'x'.repeat(2000)}\n[cut for size: 2,000 of 15,312 characters kept]`,
    );
  });
});
