import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceJsonSchemas } from '../../../src-shared/model/json-schemas';
import { RUBRIC_SCHEMA } from '../../../src-main/engine/grading/rubric/rubric-schema';

describe('committed JSON Schemas', () => {
  for (const [file, schema] of Object.entries(workspaceJsonSchemas(RUBRIC_SCHEMA))) {
    it(`resources/schemas/${file} matches the zod model (run \`npm run schemas\` when this fails)`, () => {
      const committed: unknown = JSON.parse(readFileSync(join('resources', 'schemas', file), 'utf8'));
      expect(committed).toEqual(JSON.parse(JSON.stringify(schema)));
    });
  }

  it('rejects unknown keys so a typo never silently skips a grader', () => {
    const dataset = workspaceJsonSchemas(RUBRIC_SCHEMA)['dataset.schema.json'] as {
      properties: { questions: { items: { additionalProperties: unknown } } };
    };
    expect(dataset.properties.questions.items.additionalProperties).toBe(false);
  });
});
