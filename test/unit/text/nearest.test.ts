// "Did you mean": edit distance, and the nearest name within a third of the word's length (at least two edits).
import { describe, expect, it } from 'vitest';
import { editDistance, nearest } from '../../../src-shared/text/nearest';

describe('nearest', () => {
  // Insertions, deletions and substitutions each count one edit.
  it.each([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['same', 'same', 0],
  ])('counts %j to %j as %d edits', (from, to, edits) => {
    expect(editDistance(from, to)).toBe(edits);
  });

  it('suggests the closest candidate, ignoring case, and nothing when every candidate is too far', () => {
    const judges = ['accuracy_grader', 'tone_grader', 'refusal_grader'];
    expect(nearest('acuracy_grader', judges)).toBe('accuracy_grader');
    expect(nearest('TONE_GRADR', judges)).toBe('tone_grader');
    expect(nearest('xyz', judges)).toBeUndefined();
  });
});
