// Builds a GradeContext for grader tests: a parsed question and target, no judge, no tools, unless given.
import { question as questionSchema, target as targetSchema, type Question } from '../../../../src-shared/model';
import type { GradeContext } from '../../../../src-main/engine/grading/grader';

export type ContextOverrides = Partial<Omit<GradeContext, 'question'>> & { question?: Partial<Question> };

export function makeContext(overrides: ContextOverrides = {}): GradeContext {
  const { question: questionFields, ...rest } = overrides;
  const question = questionSchema.parse({ id: 'q1', input: 'When is the library open on Sundays?', ...questionFields });
  const target = targetSchema.parse({
    id: 't1',
    provider: 'fake',
    model: 'm',
    dataset: 'd',
    graders: ['format_grader'],
  });
  const messages =
    typeof question.input === 'string' ? [{ role: 'user' as const, content: question.input }] : question.input;
  return {
    question,
    criteria: question.criteria ?? '',
    messages,
    response: 'The main branch is open from 12:00 to 17:00 on Sundays.',
    toolCalls: undefined,
    target,
    rubric: undefined,
    responseCharLimit: 4000,
    judgeResponseCharLimit: 4000,
    trusted: false,
    workspaceDir: process.cwd(),
    judgeFor: () => undefined,
    callTool: undefined,
    signal: undefined,
    ...rest,
  };
}
