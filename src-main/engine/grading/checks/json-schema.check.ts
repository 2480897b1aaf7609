// json_schema: the response parsed as JSON and validated against the check's schema with ajv.
import { checkError, passFail, type CheckExecutor } from '../rubric/check-executor';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';
import { checksAjv, compileJsonSchema } from '../../../matchers/json-schema';

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
    return passFail(
      false,
      `does not match the schema: ${checksAjv().errorsText(validate.errors, { dataVar: 'response' })}`,
    );
  },
};
