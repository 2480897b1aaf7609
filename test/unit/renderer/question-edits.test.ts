import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  addQuestion,
  moveQuestion,
  questionCountText,
  rowsCountText,
  questionRows,
  toggleDisabled,
} from '../../../src-renderer/features/datasets/question-edits';

const text = `# my dataset
id: demo
questions:
  # the first one
  - id: a
    input: Hello?
  - id: b
    input:
      - { role: user, content: Hi }
      - { role: assistant, content: Yes? }
      - { role: user, content: Renew Dune }
    disabled: true
`;

describe('question edits', () => {
  it('lists questions with their turns and disabled state', () => {
    const rows = questionRows(text)!;
    expect(rows.map((r) => [r.id, r.turns.length, r.disabled])).toEqual([
      ['a', 1, false],
      ['b', 3, true],
    ]);
    expect(questionRows('questions: [')).toBeUndefined();
  });

  it('toggles disabled, moves and adds, keeping comments', () => {
    const enabled = toggleDisabled(text, 1);
    expect(parse(enabled).questions[1].disabled).toBeUndefined();
    const moved = moveQuestion(text, 1, -1);
    expect(parse(moved).questions.map((q: { id: string }) => q.id)).toEqual(['b', 'a']);
    const added = addQuestion(addQuestion(text));
    expect(parse(added).questions.map((q: { id: string }) => q.id)).toEqual([
      'a',
      'b',
      'new_question',
      'new_question_2',
    ]);
    for (const out of [enabled, moved, added]) {
      expect(out).toContain('# my dataset');
      expect(out).toContain('# the first one');
    }
    expect(moveQuestion(text, 0, -1)).toBe(text);
  });
});

describe('rowsCountText', () => {
  it('pluralises right and names the disabled ones', () => {
    expect(rowsCountText([{ disabled: false }])).toBe('1 question');
    expect(rowsCountText([{ disabled: false }, { disabled: true }])).toBe('2 questions (1 disabled)');
    expect(rowsCountText([])).toBe('0 questions');
  });
  it('counts the list badge as the header does: every question, the disabled named', () => {
    expect(questionCountText(22, 1)).toBe('22 questions (1 disabled)');
    expect(questionCountText(1, 0)).toBe('1 question');
  });
});
