import { describe, expect, it } from 'vitest';
import { diffText, MAX_DIFF_CHARS, MAX_DIFF_TOKENS } from '../../../src-shared/compare/text-diff';

const rebuild = (parts: ReturnType<typeof diffText>['parts'], side: 'before' | 'after') =>
  parts
    .filter((part) => part.kind === 'same' || part.kind === (side === 'before' ? 'removed' : 'added'))
    .map((part) => part.text)
    .join('');

describe('diffText', () => {
  it('marks the changed words and gives both texts back', () => {
    const before = 'The branch opens at 9 on Sundays.';
    const after = 'The main branch opens at 12 on Sundays.';
    const { parts, cut } = diffText(before, after, 'word');
    expect(cut).toBe(false);
    expect(parts).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'added', text: 'main ' },
      { kind: 'same', text: 'branch opens at ' },
      { kind: 'removed', text: '9 ' },
      { kind: 'added', text: '12 ' },
      { kind: 'same', text: 'on Sundays.' },
    ]);
    expect(rebuild(parts, 'before')).toBe(before);
    expect(rebuild(parts, 'after')).toBe(after);
  });

  it('diffs prompts line by line', () => {
    const { parts } = diffText('You help.\nBe brief.\n', 'You help.\nCite the hours.\nBe brief.\n', 'line');
    expect(parts).toEqual([
      { kind: 'same', text: 'You help.\n' },
      { kind: 'added', text: 'Cite the hours.\n' },
      { kind: 'same', text: 'Be brief.\n' },
    ]);
  });

  it('compares only the first tokens of very long texts and says so', () => {
    const long = 'word '.repeat(MAX_DIFF_TOKENS + 10);
    const { parts, cut } = diffText(long, `${long}end`, 'word');
    expect(cut).toBe(true);
    expect(parts).toEqual([{ kind: 'same', text: 'word '.repeat(MAX_DIFF_TOKENS) }]);
  });

  it('compares only the first characters of a long text without spaces and says so', () => {
    const token = 'x'.repeat(1_048_576);
    const { parts, cut } = diffText(token, `${token}y`, 'word');
    expect(cut).toBe(true);
    expect(parts).toEqual([{ kind: 'same', text: 'x'.repeat(MAX_DIFF_CHARS) }]);
  });
});
