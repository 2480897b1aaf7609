// JSON Schemas of the workspace files, generated from the same zod schemas the loader uses (for Monaco and CI).
import { z } from 'zod';
import { dataset } from './dataset';
import { rubric } from './rubric';
import { workspaceConfig } from './workspace-config';

const toSchema = (schema: z.ZodType, title: string) => ({
  // Draft 7 is what monaco-yaml's language server understands best.
  ...z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }),
  title,
});

/** File name under resources/schemas → JSON Schema; the rubric schema is the one the check executors contribute to. */
export function workspaceJsonSchemas(rubricSchema: z.ZodType = rubric): Record<string, object> {
  return {
    'aieval.schema.json': toSchema(workspaceConfig, 'AI Eval workspace (aieval.yaml)'),
    'dataset.schema.json': toSchema(dataset, 'AI Eval dataset (datasets/<id>.yaml)'),
    'rubric.schema.json': toSchema(rubricSchema, 'AI Eval rubric (rubrics/<id>.yaml)'),
  };
}
