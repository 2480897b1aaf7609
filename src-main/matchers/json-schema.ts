// The JSON Schemas of json_schema checks, compiled with ajv once per distinct schema: by validate (a schema that does
// not compile is a workspace error) and by the check at run time, the same way. Their patterns match in linear time
// (safe-regex's linearRegExpEngine): a pattern such as ^(a+)+$ never stalls a run.
import type { Ajv, ValidateFunction } from 'ajv';
import load from './lazy-modules.cjs';
import { linearRegExpEngine } from './safe-regex';

let instance: Ajv | undefined;
/** Built at the first json_schema check: building ajv costs a start-up that workspaces without one need not pay. */
export const checksAjv = () =>
  (instance ??= new (load.ajv().Ajv)({ allErrors: true, strict: false, code: { regExp: linearRegExpEngine } }));
const compiled = new Map<string, ValidateFunction>();

/**
 * Compiled once per distinct schema: a run grades the same rubric for every question. validate compiles each rubric's
 * schemas the same way, so one that does not compile is a workspace error, not a degraded answer per question.
 */
export function compileJsonSchema(
  schema: Record<string, unknown>,
): { ok: true; validate: ValidateFunction } | { ok: false; problem: string } {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = checksAjv().compile(schema);
    } catch (error) {
      return { ok: false, problem: `the schema does not compile: ${(error as Error).message}` };
    }
    compiled.set(key, validate);
  }
  return { ok: true, validate };
}
