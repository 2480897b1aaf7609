// The dataset file (`datasets/<id>.yaml`): questions, multi-turn input, expected tools and state (docs/workspace.md).
import { z } from 'zod';
import { boolean, optionalBoolean, optionalString, string } from './fields';
import { metadata, semver, snakeId } from './common';

export const chatMessage = z.strictObject({
  role: z.enum(['system', 'user', 'assistant']).describe('Who spoke this turn.'),
  content: string.describe('What was said.'),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const questionInput = z
  .union([
    string.min(1, 'must not be empty'),
    z
      .array(chatMessage)
      .min(1, 'must hold at least one turn')
      .refine((turns) => turns.at(-1)?.role === 'user', 'a conversation must end with a user turn'),
  ])
  .describe(
    'One user turn as a string, or the conversation so far as a list of {role, content} ending with a user turn.',
  );

export const expectedTool = z.strictObject({
  tool: string.min(1).describe('The tool name the model emits, or server:tool.'),
  should_run: boolean.default(true).describe('Whether the agent must (true) or must not (false) call the tool.'),
  args: z.record(string, z.unknown()).optional().describe('A subset of the arguments the call must have been given.'),
  after: optionalString.describe('A tool that must have been called before this one.'),
});
export type ExpectedTool = z.infer<typeof expectedTool>;

export const stateExpectation = z.union([
  z.strictObject({ equals: z.unknown() }),
  z.strictObject({ not_equals: z.unknown() }),
  z.strictObject({ contains: z.unknown() }),
  z.strictObject({ exists: boolean }),
  z.strictObject({ matches: string }),
]);

export const stateAssertion = z.strictObject({
  id: string.min(1).describe('Names the assertion in the reason line.'),
  tool: string.min(1).describe('A read tool of the server to call after the agent finishes.'),
  args: z.record(string, z.unknown()).default({}).describe('Arguments for the read tool.'),
  path: string.default('').describe('Dot path into the tool result (empty: the whole result).'),
  expect: stateExpectation.describe('equals | not_equals | contains | exists | matches'),
});
export type StateAssertion = z.infer<typeof stateAssertion>;

export const stateSpec = z.strictObject({
  server: string.min(1).describe('The name of one of the target’s MCP tool servers.'),
  assertions: z.array(stateAssertion).min(1, 'must list at least one assertion'),
});

export const expected = z.strictObject({
  format: z
    .enum(['text', 'json', 'yaml', 'markdown'])
    .optional()
    .describe('format_grader decodes json; every other value runs the text rules.'),
  reference: optionalString.describe('A reference answer, for target_match checks and promotion.'),
});

export const question = z.strictObject({
  id: snakeId.describe('Unique within the dataset.'),
  input: questionInput,
  criteria: optionalString.describe('What a good answer does; judges read it.'),
  expected_facts: z
    .array(string)
    .optional()
    .describe('Verified facts the answer must state (accuracy and fact_match graders).'),
  must_not_contain: z.array(string).optional().describe('Phrases whose presence caps accuracy and fact_match at 1.'),
  expected: expected.optional(),
  expected_tools: z
    .array(expectedTool)
    .optional()
    .describe('Tools the agent must or must not call (tool_usage_grader).'),
  rubric_ref: z
    .string()
    .regex(/^[a-z][a-z0-9_]*(@\d+)?$/, 'must be a rubric id, or id@major such as support_tone@1')
    .optional()
    .describe('A rubric id, or id@major.'),
  split: optionalString.describe('train | test | any label; the optimizer decides on test.'),
  tags: z.array(string).optional(),
  disabled: optionalBoolean.describe('Dropped at load when true.'),
  metadata: metadata.optional(),
});
export type Question = z.infer<typeof question>;

export const dataset = z.strictObject({
  id: snakeId.describe('Must match the file name: datasets/<id>.yaml.'),
  version: semver.default('1.0.0').describe('Semantic version, stored in every run snapshot.'),
  description: optionalString,
  questions: z.array(question).min(1, 'a dataset needs at least one question'),
  metadata: metadata.optional(),
});
export type Dataset = z.infer<typeof dataset>;
