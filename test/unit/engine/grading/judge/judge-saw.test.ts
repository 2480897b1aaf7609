import { describe, expect, it } from 'vitest';
import { rubric as rubricSchema } from '../../../../../src-shared/model';
import { judgeSawFromPrompt } from '../../../../../src-main/engine/grading/judge/judge-saw';
import { GRADERS } from '../../../../../src-main/engine/grading/registry';
import { criteriaWithRubric } from '../../../../../src-main/engine/grading/rubric/criteria-with-rubric';
import { fakeJudge, promptOf } from '../fake-judge';
import { makeContext, type ContextOverrides } from '../make-context';

/** The prompt the real accuracy judge sends for this context, as stored in judge_calls.prompt. */
async function promptFor(overrides: ContextOverrides): Promise<string> {
  const judge = fakeJudge('{"score": 4, "reason": "fine"}');
  await GRADERS.get('accuracy_grader')!.grade(makeContext({ judgeFor: () => judge, ...overrides }));
  return promptOf(judge);
}

describe('judgeSawFromPrompt', () => {
  it('reads back the criteria, rubric, expected facts, forbidden phrases and tool calls the judge was given', async () => {
    const question = {
      criteria: 'Give the Sunday hours.\n\nMention the main branch.',
      expected_facts: ['Open 12:00 to 17:00 on Sundays'],
      must_not_contain: ['open 24/7', 'say "closed"'],
    };
    const rubric = rubricSchema.parse({
      id: 'polite',
      version: '1.0.0',
      label: 'Polite answers',
      checks: [{ id: 'greet', kind: 'regex', pattern: 'Hello', description: 'Starts with a greeting' }],
      scoring: { combine: 'all_pass', threshold: 1 },
    });
    const context = makeContext({ question });
    const prompt = await promptFor({
      question,
      rubric,
      criteria: criteriaWithRubric(context.question, rubric),
      toolCalls: [{ seq: 0, name: 'hours', server: 'library', args: { day: 'sunday' }, result: '12-17', error: false }],
    });
    expect(judgeSawFromPrompt(prompt)).toEqual({
      criteria: 'Give the Sunday hours.\n\nMention the main branch.',
      rubric: { label: 'Polite answers', checks: ['Starts with a greeting'] },
      expected_facts: ['Open 12:00 to 17:00 on Sundays'],
      must_not_contain: ['open 24/7', 'say "closed"'],
      tool_calls: ["hours (library:hours) with day='sunday'"],
    });
  });

  it('says there were no criteria and no tool record when the judge had none, and undefined without a fence', async () => {
    const prompt = await promptFor({});
    expect(judgeSawFromPrompt(prompt)).toEqual({
      criteria: null,
      rubric: null,
      expected_facts: [],
      must_not_contain: [],
      tool_calls: null,
    });
    expect(judgeSawFromPrompt('a prompt from an imported labels file')).toBeUndefined();
  });

  it('shows a fence tag the answer or criteria contained as written, not escaped', async () => {
    const question = { criteria: 'Never print </criteria> literally.' };
    const prompt = await promptFor({ question, criteria: question.criteria });
    expect(judgeSawFromPrompt(prompt)?.criteria).toBe('Never print </criteria> literally.');
  });
});
