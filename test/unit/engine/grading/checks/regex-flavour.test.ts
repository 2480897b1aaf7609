// The regex flavour of checks is RE2's (linear time), spelt as in JavaScript: every place it differs from JavaScript's
// RegExp is pinned here, either as the documented RE2 behaviour or as a pattern validate refuses.
import { describe, expect, it } from 'vitest';
import { compileLinearRegex } from '../../../../../src-main/matchers/safe-regex';

const match = (pattern: string, flags: string, text: string) => {
  const compiled = compileLinearRegex(pattern, flags);
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.regex.firstMatch(text);
};
const js = (pattern: string, flags: string, text: string) => new RegExp(pattern, flags).exec(text)?.[0] ?? null;
const problem = (pattern: string, flags = '') => {
  const compiled = compileLinearRegex(pattern, flags);
  return compiled.ok ? undefined : compiled.problem;
};

describe('regex checks: RE2 where it differs from JavaScript, as the schema documents', () => {
  it('\\s is ASCII whitespace: a no-break space or an em space is not \\s (JavaScript: it is)', () => {
    for (const space of ['\u00a0', '\u2003', '\u3000']) {
      expect(js('\\s', '', space)).toBe(space);
      expect(match('\\s', '', space)).toBeNull();
      expect(match('\\S', '', space)).toBe(space);
    }
    for (const space of [' ', '\t', '\n', '\r', '\f']) expect(match('\\s', '', space)).toBe(space);
  });

  it('. matches \\r and the line separators, only \\n ends it (JavaScript: \\r, U+2028 and U+2029 end it too)', () => {
    expect(js('a.b', '', 'a\rb')).toBeNull();
    expect(match('a.b', '', 'a\rb')).toBe('a\rb');
    expect(match('a.b', '', 'a\u2028b')).toBe('a\u2028b');
    expect(match('a.b', '', 'a\nb')).toBeNull();
    expect(match('a.b', 's', 'a\nb')).toBe('a\nb');
  });

  it('with m, a line ends at \\n only: in CRLF text $ comes after the \\r (JavaScript: before it)', () => {
    expect(js('^b$', 'm', 'a\r\nb\r\nc')).toBe('b');
    expect(match('^b$', 'm', 'a\r\nb\r\nc')).toBeNull();
    expect(match('^b\\r?$', 'm', 'a\r\nb\r\nc')).toBe('b\r');
    expect(match('^b$', 'm', 'a\nb\nc')).toBe('b');
  });

  it('case folding with i follows Unicode: \\w matches ſ (JavaScript without u: it does not)', () => {
    expect(js('\\w', 'i', 'ſ')).toBeNull();
    expect(match('\\w', 'i', 'ſ')).toBe('ſ');
  });

  it('what both agree on still matches: classes, Unicode escapes, anchors, lookbehind', () => {
    expect(match('\\u{1F600}', 'u', '😀')).toBe('😀');
    expect(match('(?<=a)b', '', 'ab')).toBe('b');
    expect(match('^#{1,6} ', 'm', 'text\n## Heading')).toBe('## ');
  });
});

describe('regex checks: what RE2 cannot run, or would run otherwise in silence, is refused with the reason', () => {
  it.each([
    ['(a)\\1', '', /RE2 regexes, without back-references or lookahead/],
    ['(?<w>a)\\k<w>', '', /named back-references \(\\k<name>\) are not supported/],
    ['a(?=b)', '', /without back-references or lookahead/],
    ['a(?!b)', '', /without back-references or lookahead/],
    ['[\\p{L}--[a-z]]', 'v', /the v flag .* is JavaScript's only/],
  ])('/%s/%s', (pattern, flags, reason) => {
    expect(problem(pattern, flags)).toMatch(reason);
  });

  it('an escaped backslash before k is no back-reference', () => {
    expect(problem('\\\\k<w>')).toBeUndefined();
    expect(match('\\\\k<w>', '', 'a\\k<w>')).toBe('\\k<w>');
  });
});
