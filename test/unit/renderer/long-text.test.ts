import { describe, expect, it } from 'vitest';
import { count } from '../../../src-renderer/components/format';
import {
  BLOCK_CHARS,
  FIRST_PART_CHARS,
  FIRST_PART_LINES,
  blocksOf,
  firstPartEnd,
} from '../../../src-renderer/components/long-text';

const MB = 1_048_576;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

describe('firstPartEnd', () => {
  it('keeps a short answer whole', () => {
    const text = 'Open 9 to 5.\nClosed on Sundays.';
    expect(firstPartEnd(text)).toBe(text.length);
  });

  it('cuts 1 MB of words after a whole word, within the first part’s characters', () => {
    const text = fill('opening hours ');
    const end = firstPartEnd(text);
    expect(end).toBeLessThanOrEqual(FIRST_PART_CHARS);
    expect(end).toBeGreaterThan(FIRST_PART_CHARS - 20);
    expect(text[end - 1]).toBe(' ');
  });

  it('cuts 1 MB without spaces at the first part’s characters', () => {
    expect(firstPartEnd('x'.repeat(MB))).toBe(FIRST_PART_CHARS);
  });

  it('cuts short lines after the first part’s lines', () => {
    const text = fill('a line\n');
    const end = firstPartEnd(text);
    expect(text.slice(0, end).split('\n')).toHaveLength(FIRST_PART_LINES + 1);
    expect(text[end - 1]).toBe('\n');
  });
});

describe('blocksOf', () => {
  it.each([
    ['no spaces', 'x'],
    ['words', 'opening hours '],
    ['lines', 'line of an answer: 0.20 EUR\n'],
  ])('splits 1 MB (%s) into bounded blocks that give the text back', (_, unit) => {
    const text = fill(unit);
    const blocks = blocksOf(text);
    expect(blocks.join('')).toBe(text);
    expect(Math.max(...blocks.map((b) => b.length))).toBeLessThanOrEqual(BLOCK_CHARS);
    expect(blocks.length).toBeLessThan((MB / BLOCK_CHARS) * 1.2);
    if (unit !== 'x') expect(blocks.slice(0, -1).every((b) => b.endsWith(unit.at(-1)!))).toBe(true);
  });

  it('starts where asked', () => {
    expect(blocksOf('abc def', 4)).toEqual(['def']);
  });
});

describe('count', () => {
  it('groups thousands', () => {
    expect([0, 999, 1000, 1_048_576].map(count)).toEqual(['0', '999', '1,000', '1,048,576']);
  });
});
