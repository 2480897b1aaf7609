import { describe, expect, it } from 'vitest';
import { question, rubric } from '../../../../../src-shared/model';
import { criteriaWithRubric } from '../../../../../src-main/engine/grading/rubric/criteria-with-rubric';

const tone = rubric.parse({
  id: 'support_tone',
  label: 'Support tone',
  checks: [
    { id: 'a', kind: 'must_not_contain', values: ['x'], description: 'Never blames the member.' },
    { id: 'b', kind: 'regex', pattern: 'y' },
    {
      id: 'c',
      kind: 'composite',
      description: 'Reads well:',
      checks: [{ id: 'd', kind: 'format', description: 'Plain text.' }],
    },
  ],
});

describe('criteriaWithRubric', () => {
  it('appends the described checks to the criteria', () => {
    const q = question.parse({ id: 'q', input: 'hi', criteria: 'Gives the hours.' });
    expect(criteriaWithRubric(q, tone)).toBe(
      'Gives the hours.\n\nRubric Support tone (checked separately; read as criteria):\n- Never blames the member.\n- Reads well:\n  - Plain text.',
    );
  });

  it('keeps the criteria alone without a rubric or without descriptions', () => {
    const q = question.parse({ id: 'q', input: 'hi', criteria: 'Gives the hours.' });
    expect(criteriaWithRubric(q, undefined)).toBe('Gives the hours.');
    expect(criteriaWithRubric(q, rubric.parse({ id: 'r', checks: [{ id: 'b', kind: 'regex', pattern: 'y' }] }))).toBe(
      'Gives the hours.',
    );
  });

  it('gives the rubric block alone when the question has no criteria', () => {
    expect(criteriaWithRubric(question.parse({ id: 'q', input: 'hi' }), tone)).toMatch(/^Rubric Support tone/);
  });
});
