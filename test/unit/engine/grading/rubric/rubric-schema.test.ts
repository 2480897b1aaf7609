import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHECK_KINDS, rubric, type CheckKindSchema } from '../../../../../src-shared/model';
import {
  checkRegistry,
  passFail,
  type AnyCheckExecutor,
} from '../../../../../src-main/engine/grading/rubric/check-executor';
import { DEFAULT_CHECKS } from '../../../../../src-main/engine/grading/rubric/check-registry';
import { RUBRIC_SCHEMA, rubricSchemaFor } from '../../../../../src-main/engine/grading/rubric/rubric-schema';

const wordCount = z.strictObject({
  id: z.string(),
  weight: z.number().default(1),
  kind: z.literal('word_count'),
  max: z.number().int().positive(),
});
const plugin = {
  kind: 'word_count',
  schema: wordCount as unknown as CheckKindSchema,
  execute: async () => passFail(true, 'short'),
} as unknown as AnyCheckExecutor;
const rubricWith = (checks: unknown[]) => ({ id: 'r', checks });

describe('rubric schema from the check executors', () => {
  it('has every built-in kind, each contributed by its executor', () => {
    expect([...DEFAULT_CHECKS.keys()].sort()).toEqual([...CHECK_KINDS].sort());
    expect(RUBRIC_SCHEMA.safeParse(rubricWith([{ id: 'a', kind: 'regex', pattern: 'x' }])).success).toBe(true);
    expect(RUBRIC_SCHEMA.safeParse(rubricWith([{ id: 'a', kind: 'word_count', max: 3 }])).success).toBe(false);
  });

  it('is the schema the workspace loader validates with (src-shared), kind for kind', () => {
    expect(z.toJSONSchema(RUBRIC_SCHEMA, { io: 'input' })).toEqual(z.toJSONSchema(rubric, { io: 'input' }));
  });

  it('accepts a plug-in kind, in composites too, and shows it in the JSON Schema', () => {
    const schema = rubricSchemaFor(checkRegistry(...DEFAULT_CHECKS.values(), plugin));
    const nested = { id: 'c', kind: 'composite', checks: [{ id: 'w', kind: 'word_count', max: 50 }] };
    expect(schema.safeParse(rubricWith([{ id: 'w', kind: 'word_count', max: 50 }, nested])).success).toBe(true);
    expect(schema.safeParse(rubricWith([{ id: 'w', kind: 'word_count', max: -1 }])).success).toBe(false);
    expect(JSON.stringify(z.toJSONSchema(schema, { io: 'input' }))).toContain('"const":"word_count"');
  });

  it('leaves composite out when no executor runs it', () => {
    const schema = rubricSchemaFor(
      checkRegistry(...[...DEFAULT_CHECKS.values()].filter((e) => e.kind !== 'composite')),
    );
    expect(
      schema.safeParse(rubricWith([{ id: 'c', kind: 'composite', checks: [{ id: 'a', kind: 'regex', pattern: 'x' }] }]))
        .success,
    ).toBe(false);
  });
});
