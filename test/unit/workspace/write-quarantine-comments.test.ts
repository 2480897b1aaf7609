import { describe, expect, it } from 'vitest';
import { withQuarantine } from '../../../src-main/workspace/write-quarantine';

const off = (text: string, questionId: string) => withQuarantine(text, { targetId: 'a', questionId, on: false });

// Comments belong to the line below them; a removal takes its own comment and leaves every other line.
describe('quarantine removal keeps the comments and lines of its neighbours', () => {
  const LIST = `targets:
  - id: a
    quarantine:
      # flaky since march
      - q1
      # the vendor's bug 123
      - q2
      - q3 # trailing
      # trailing note on the list
    dataset: d
  # second target: prod
  - id: b
`;

  it('removing an entry keeps the comment above the next entry', () => {
    const after = off(LIST, 'q1');
    expect(after).not.toContain('flaky since march');
    expect(after).toContain("      # the vendor's bug 123\n      - q2\n");
  });

  it('removing the entry after a comment keeps the entry above it and its comment', () => {
    const after = off(LIST, 'q3');
    expect(after).toContain(
      "      # the vendor's bug 123\n      - q2\n      # trailing note on the list\n    dataset: d\n",
    );
  });

  it('emptying a list that ends in a comment keeps the next key and the next target (they were deleted)', () => {
    const after = off(off(off(LIST, 'q1'), 'q2'), 'q3');
    expect(after).toBe(`targets:
  - id: a
    dataset: d
  # second target: prod
  - id: b
`);
  });
});
