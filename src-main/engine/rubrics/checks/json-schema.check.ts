// json_schema: the response parsed as JSON and validated against the check's schema with ajv, whose patterns match
// in linear time (safe-regex): a pattern such as ^(a+)+$ never stalls a run.
import type { Ajv, ValidateFunction } from 'ajv';
import load from '../../lazy-modules.cjs';
import { checkError, passFail, type CheckExecutor } from '../check-executor';
import { linearRegExpEngine } from '../safe-regex';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

let instance: Ajv | undefined;
/** Built at the first json_schema check: building ajv costs a start-up that workspaces without one need not pay. */
const ajv = () =>
  (instance ??= new (load.ajv().Ajv)({ allErrors: true, strict: false, code: { regExp: linearRegExpEngine } }));
const compiled = new Map<string, ValidateFunction>();

export const jsonSchemaCheck: CheckExecutor<'json_schema'> = {
  kind: 'json_schema',
  schema: CHECK_KIND_SCHEMAS.json_schema,
  async execute(check, context) {
    const compiled = compileJsonSchema(check.schema);
    if (!compiled.ok) return checkError(`json_schema check ${check.id}: ${compiled.problem}`);
    const validate = compiled.validate;
    let value: unknown;
    try {
      value = JSON.parse(context.response);
    } catch (error) {
      return passFail(false, `the response is not JSON: ${(error as Error).message}`);
    }
    if (validate(value)) return passFail(true, 'valid against the schema');
    return passFail(false, `does not match the schema: ${ajv().errorsText(validate.errors, { dataVar: 'response' })}`);
  },
};

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
      validate = ajv().compile(schema);
    } catch (error) {
      return { ok: false, problem: `the schema does not compile: ${(error as Error).message}` };
    }
    compiled.set(key, validate);
  }
  return { ok: true, validate };
}
