// The EEE JSON Schemas (copied into resources/schemas/eee) compiled with ajv, for the draft each schema declares.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019';
import { Ajv2020 } from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EEE_SCHEMA_FOLDER = join('schemas', 'eee');
const AGGREGATE_SCHEMA = 'eval.schema.json';
const INSTANCE_SCHEMA = 'instance_level_eval.schema.json';

/** Each returns the problems found (empty: valid). */
export type EeeValidators = Readonly<{
  aggregate(value: unknown): string[];
  instance(value: unknown): string[];
}>;

// strict: false because the EEE schemas carry a non-standard top-level "version" keyword and union types,
// which ajv's strict mode rejects; allErrors so a refused file lists every problem at once.
const OPTIONS = { allErrors: true, strict: false } as const;

function validatorClass(draft: unknown, file: string) {
  const uri = typeof draft === 'string' ? draft : '';
  if (/draft-0[67]\/schema#?$/.test(uri)) return Ajv;
  if (uri.includes('/2019-09/')) return Ajv2019;
  if (uri.includes('/2020-12/')) return Ajv2020;
  throw new Error(`${file}: unsupported JSON Schema draft "${uri}"`);
}

function compile(dir: string, file: string): ValidateFunction {
  const path = join(dir, file);
  const schema = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const AjvClass = validatorClass(schema.$schema, path);
  return new AjvClass(OPTIONS).compile(schema);
}

/** "/evaluation_results/0/score_details/score: must be number", one line per distinct problem. */
export function formatAjvErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  const all = errors ?? [];
  // if/then and oneOf repeat what their branches already said.
  const specific = all.filter((error) => error.keyword !== 'if' && error.keyword !== 'oneOf');
  const lines = (specific.length > 0 ? specific : all).map((error) => {
    const where = error.instancePath || '/';
    const extra =
      error.keyword === 'additionalProperties'
        ? ` ("${String((error.params as { additionalProperty?: string }).additionalProperty)}")`
        : '';
    const allowed =
      error.keyword === 'enum' ? ` (${(error.params as { allowedValues?: unknown[] }).allowedValues?.join(', ')})` : '';
    return `${where}: ${error.message ?? error.keyword}${extra}${allowed}`;
  });
  return [...new Set(lines)];
}

const cache = new Map<string, EeeValidators>();

/** The validators for the schemas in `<resourcesDir>/schemas/eee`, compiled once per folder. */
export function eeeValidators(resourcesDir: string): EeeValidators {
  const dir = join(resourcesDir, EEE_SCHEMA_FOLDER);
  let validators = cache.get(dir);
  if (!validators) {
    const run = (validate: ValidateFunction) => (value: unknown) =>
      validate(value) ? [] : formatAjvErrors(validate.errors);
    validators = { aggregate: run(compile(dir, AGGREGATE_SCHEMA)), instance: run(compile(dir, INSTANCE_SCHEMA)) };
    cache.set(dir, validators);
  }
  return validators;
}
