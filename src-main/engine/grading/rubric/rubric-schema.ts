// The rubric schema of a check registry: each executor contributes the schema of the kind it runs (docs/workspace.md).
import { rubricSchemaOf, type CheckKindSchema, type Rubric } from '../../../../src-shared/model';
import type { z } from 'zod';
import type { CheckRegistry } from './check-executor';
import { DEFAULT_CHECKS } from './check-registry';

export function rubricSchemaFor(registry: CheckRegistry): z.ZodType<Rubric> {
  const kinds = [...registry.values()]
    .map((executor) => executor.schema)
    .filter((schema): schema is CheckKindSchema => schema !== null);
  return rubricSchemaOf(kinds, registry.has('composite'));
}

/** The rubric schema of the built-in executors: what the loader validates and the editor's JSON Schema shows. */
export const RUBRIC_SCHEMA = rubricSchemaFor(DEFAULT_CHECKS);
