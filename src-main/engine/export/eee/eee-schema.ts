// The EEE JSON Schemas (copied into resources/schemas/eee) compiled with ajv, for the draft each schema declares.
// ajv is loaded with the first envelope checked, so a run that exports nothing never pays for it.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import load from '../../../matchers/lazy-modules.cjs';

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
  if (/draft-0[67]\/schema#?$/.test(uri)) return load.ajv().Ajv;
  if (uri.includes('/2019-09/')) return load.ajv2019().Ajv2019;
  if (uri.includes('/2020-12/')) return load.ajv2020().Ajv2020;
  throw new Error(`${file}: unsupported JSON Schema draft "${uri}"`);
}

async function compile(dir: string, file: string): Promise<ValidateFunction> {
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

const cache = new Map<string, Promise<EeeValidators>>();

/** The validators for the schemas in `<resourcesDir>/schemas/eee`, compiled once per folder. */
export function eeeValidators(resourcesDir: string): Promise<EeeValidators> {
  const dir = join(resourcesDir, EEE_SCHEMA_FOLDER);
  let validators = cache.get(dir);
  if (!validators) {
    const run = (validate: ValidateFunction) => (value: unknown) =>
      validate(value) ? [] : formatAjvErrors(validate.errors);
    validators = Promise.all([compile(dir, AGGREGATE_SCHEMA), compile(dir, INSTANCE_SCHEMA)]).then(
      ([aggregate, instance]) => ({ aggregate: run(aggregate), instance: run(instance) }),
    );
    // A schema that failed to read or compile is tried again next time, as before the cache.
    validators.catch(() => cache.delete(dir));
    cache.set(dir, validators);
  }
  return validators;
}
