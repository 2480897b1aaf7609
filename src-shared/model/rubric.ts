// The rubric file (`rubrics/<id>.yaml`): ordered checks of every executable kind and how they combine (docs/workspace.md).
import { z } from 'zod';
import { boolean, int, number, optionalBoolean, optionalString, string } from './fields';
import { metadata, semver, snakeId } from './common';

/** A judge template's name: the file judge-templates/<name>.md, so never a path. */
export const JUDGE_TEMPLATE_NAME = /^[a-z][a-z0-9_]*$/;

const base = {
  id: string.min(1).describe('Unique within the rubric.'),
  description: optionalString.describe('Shown to LLM judges as criteria.'),
  weight: number.nonnegative().default(1).describe('Weight in weighted_avg.'),
};

const values = z.array(string).min(1);

const leafChecks = [
  z.strictObject({ ...base, kind: z.literal('must_contain_any'), values, case_sensitive: boolean.default(false) }),
  z.strictObject({ ...base, kind: z.literal('must_not_contain'), values, case_sensitive: boolean.default(false) }),
  z.strictObject({
    ...base,
    kind: z.literal('regex'),
    pattern: string
      .min(1)
      .describe(
        'An RE2 regex (linear time), written as in JavaScript: no back-references or lookahead; \\s is ASCII whitespace ' +
          '(a no-break space is not \\s); . matches \\r; with m, ^ and $ break at \\n only (in CRLF text $ comes after the \\r).',
      ),
    flags: z
      .string()
      .regex(/^[dgimsuvy]*$/, 'must be JavaScript regex flags')
      .default('')
      .describe('i, m, s, u (g, y and d change nothing here); v is refused: RE2 has no set notation.'),
    must_match: boolean.default(true),
  }),
  z.strictObject({ ...base, kind: z.literal('json_schema'), schema: z.record(string, z.unknown()) }),
  z.strictObject({
    ...base,
    kind: z.literal('markdown_structure'),
    required_headings: z.array(string).default([]),
    max_heading_depth: int.min(1).max(6).optional(),
    min_list_items: int.nonnegative().optional(),
    require_code_block: optionalBoolean,
  }),
  z.strictObject({ ...base, kind: z.literal('format'), format: z.enum(['text', 'json']).optional() }),
  z.strictObject({
    ...base,
    kind: z.literal('fact_match'),
    facts: z.array(string).optional(),
    normalize: boolean.default(true),
  }),
  z.strictObject({ ...base, kind: z.literal('tool_usage') }),
  z.strictObject({
    ...base,
    kind: z.literal('target_match'),
    source: string.default('expected.reference').describe('Dot path into the question.'),
    mode: z.enum(['exact', 'normalized', 'chrf']).default('normalized'),
    threshold: number.min(0).max(1).default(0.5),
    word_order: int.min(0).max(2).default(0).describe('0 for chrF, 2 for chrF++.'),
  }),
  z.strictObject({
    ...base,
    kind: z.literal('llm_judge'),
    template: z
      .string()
      .regex(JUDGE_TEMPLATE_NAME, 'must be a judge template name in snake_case (judge-templates/<name>.md), not a path')
      .default('rubric_check')
      .describe('Judge template name.'),
    threshold: number.min(0).max(1).default(0.7),
  }),
  z.strictObject({
    ...base,
    kind: z.literal('score_delta'),
    command: string.min(1).describe('Prints a number for the text on stdin (trusted workspaces only).'),
    min_delta: number.default(0),
    timeout_ms: int.positive().default(10000),
  }),
  z.strictObject({
    ...base,
    kind: z.literal('command'),
    run: z
      .string()
      .min(1)
      .describe('Shell command; the response is on stdin and in $AIEVAL_RESPONSE_FILE (trusted workspaces only).'),
    timeout_ms: int.positive().default(10000),
    expect: z.literal('exit_zero').default('exit_zero'),
  }),
] as const;

export const combineMode = z.enum(['all_pass', 'any_pass', 'weighted_avg', 'min', 'max', 'median']);
export type CombineMode = z.infer<typeof combineMode>;

type LeafCheck = z.infer<(typeof leafChecks)[number]>;
export type CompositeCheck = Readonly<{
  id: string;
  description?: string;
  weight: number;
  kind: 'composite';
  combine: CombineMode;
  threshold: number;
  checks: RubricCheck[];
}>;
export type RubricCheck = LeafCheck | CompositeCheck;

/** The schema of each leaf check kind: what a check executor contributes for the kind it runs. */
export const CHECK_KIND_SCHEMAS = Object.fromEntries(leafChecks.map((check) => [check.shape.kind.value, check])) as {
  readonly [C in (typeof leafChecks)[number] as C['shape']['kind']['value']]: C;
};

/** Any check kind's schema: a strict object whose `kind` is a literal. */
export type CheckKindSchema = z.ZodObject<{ kind: z.ZodLiteral<string> } & z.ZodRawShape>;

/**
 * The rubric schema for a set of check kinds: the kinds the executors contribute, plus `composite` (which nests the
 * same kinds) when it is among them. The workspace loader and the editor's JSON Schema both come from this.
 */
export function rubricSchemaOf(kinds: readonly CheckKindSchema[], withComposite = true): z.ZodType<Rubric> {
  const check: z.ZodType<RubricCheck> = z.lazy(() =>
    z.discriminatedUnion('kind', [
      ...(kinds as unknown as [CheckKindSchema, ...CheckKindSchema[]]),
      ...(withComposite
        ? [
            z.strictObject({
              ...base,
              kind: z.literal('composite'),
              combine: combineMode.default('all_pass'),
              threshold: number.min(0).max(1).default(1),
              checks: z.array(check).min(1),
            }),
          ]
        : []),
    ]),
  ) as unknown as z.ZodType<RubricCheck>;
  return z.strictObject({
    id: snakeId.describe('Must match the file name: rubrics/<id>.yaml.'),
    version: semver.default('1.0.0'),
    label: optionalString,
    description: optionalString,
    checks: z.array(check).min(1, 'a rubric needs at least one check'),
    scoring: z
      .strictObject({ combine: combineMode.default('weighted_avg'), threshold: number.min(0).max(1).default(0.7) })
      .default({ combine: 'weighted_avg', threshold: 0.7 }),
    applicable_bundles: z.array(string).optional(),
    metadata: metadata.optional(),
  }) as unknown as z.ZodType<Rubric>;
}

export const CHECK_KINDS = [...leafChecks.map((check) => check.shape.kind.value), 'composite'] as const;

export type Rubric = Readonly<{
  id: string;
  version: string;
  label?: string;
  description?: string;
  checks: RubricCheck[];
  scoring: { combine: CombineMode; threshold: number };
  applicable_bundles?: string[];
  metadata?: Record<string, unknown>;
}>;

/** The rubric schema with every built-in check kind. */
export const rubric = rubricSchemaOf(leafChecks);
