// json_schema: the response parsed as JSON and validated against the check's schema with ajv, loaded on the first
// such check so that runs without one never pay for it.
import type { Ajv, ValidateFunction } from 'ajv';
import { checkError, passFail, type CheckExecutor } from '../check-executor';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';
import { onFirstUse } from '../../providers/adapter-options';

const loadAjv = onFirstUse(async () => new (await import('ajv')).Ajv({ allErrors: true, strict: false }));
const compiled = new Map<string, ValidateFunction>();

export const jsonSchemaCheck: CheckExecutor<'json_schema'> = {
  kind: 'json_schema',
  schema: CHECK_KIND_SCHEMAS.json_schema,
  async execute(check, context) {
    const ajv = await loadAjv();
    let validate: ValidateFunction;
    try {
      validate = compile(ajv, check.schema);
    } catch (error) {
      return checkError(`json_schema check ${check.id}: the schema does not compile: ${(error as Error).message}`);
    }
    let value: unknown;
    try {
      value = JSON.parse(context.response);
    } catch (error) {
      return passFail(false, `the response is not JSON: ${(error as Error).message}`);
    }
    if (validate(value)) return passFail(true, 'valid against the schema');
    return passFail(false, `does not match the schema: ${ajv.errorsText(validate.errors, { dataVar: 'response' })}`);
  },
};

/** Compiled once per distinct schema: a run grades the same rubric for every question. */
function compile(ajv: Ajv, schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}
