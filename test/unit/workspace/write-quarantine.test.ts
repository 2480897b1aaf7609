import { describe, expect, it } from 'vitest';
import { withQuarantine } from '../../../src-main/workspace/write-quarantine';

// Comments, odd spacing, a flow list and a block list: an edit changes one line and nothing else.
const CONFIG = `version: 1
# targets below
targets:
  - id:   first_bot     # odd spacing stays
    provider: local
    model: m
    dataset: d
    graders: [ format_grader ]
    quarantine: [ a_one,  b_two ]   # flow list with a comment

  - id: second_bot
    provider: local
    model: m
    dataset: d
    graders: [format_grader]
    quarantine: # why these
      - c_three
      - { id: d_four, reason: "flaky: judge disagrees" }

  - id: third_bot
    provider: local
    model: m
    dataset: d
    graders: [format_grader]   # trailing comment
`;

/** The lines of `after` that differ from `before`: removed and added, in order. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  return { removed: a.slice(start, endA), added: b.slice(start, endB) };
}

describe('withQuarantine', () => {
  it('adds to a block list as one new line', () => {
    const after = withQuarantine(CONFIG, { targetId: 'second_bot', questionId: 'e_five', on: true });
    expect(changedLines(CONFIG, after)).toEqual({ removed: [], added: ['      - e_five'] });
  });

  it('adds to a flow list by changing its one line, keeping its comment', () => {
    const after = withQuarantine(CONFIG, { targetId: 'first_bot', questionId: 'e_five', on: true, reason: 'flaky' });
    const { removed, added } = changedLines(CONFIG, after);
    expect(removed).toEqual(['    quarantine: [ a_one,  b_two ]   # flow list with a comment']);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(
      /^ {4}quarantine: \[ a_one, {2}b_two, \{ ?id: e_five, reason: flaky ?\} ?\] {3}# flow list/,
    );
  });

  it('creates the list on a target without one as one line, in the flow style the file uses', () => {
    const after = withQuarantine(CONFIG, { targetId: 'third_bot', questionId: 'a_one', on: true });
    expect(changedLines(CONFIG, after)).toEqual({ removed: [], added: ['    quarantine: [ a_one ]'] });
  });

  // (A comment line right above an item belongs to it and would go with it: yaml-edit's rule for list items.)
  it('removes one entry as one line, whichever its form', () => {
    const plain = withQuarantine(CONFIG, { targetId: 'second_bot', questionId: 'c_three', on: false });
    expect(changedLines(CONFIG, plain)).toEqual({ removed: ['      - c_three'], added: [] });
    const withReason = withQuarantine(CONFIG, { targetId: 'second_bot', questionId: 'd_four', on: false });
    expect(changedLines(CONFIG, withReason)).toEqual({
      removed: ['      - { id: d_four, reason: "flaky: judge disagrees" }'],
      added: [],
    });
  });

  it('adding then removing gives the file back byte for byte; a no-op writes the same text', () => {
    const added = withQuarantine(CONFIG, { targetId: 'third_bot', questionId: 'a_one', on: true });
    expect(withQuarantine(added, { targetId: 'third_bot', questionId: 'a_one', on: false })).toBe(CONFIG);
    expect(withQuarantine(CONFIG, { targetId: 'first_bot', questionId: 'a_one', on: true })).toBe(CONFIG);
    expect(withQuarantine(CONFIG, { targetId: 'third_bot', questionId: 'zzz', on: false })).toBe(CONFIG);
  });

  it('refuses an unknown target', () => {
    expect(() => withQuarantine(CONFIG, { targetId: 'nobody', questionId: 'a_one', on: true })).toThrow(
      'no target "nobody"',
    );
  });
});
