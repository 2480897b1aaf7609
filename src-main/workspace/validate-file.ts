// Parses one YAML file and validates it against a zod schema, turning every problem into a positioned issue.
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import type { WorkspaceIssue } from '../../src-shared/model';
import { nearest } from '../../src-shared/text/nearest';
import { discriminatorValues, knownKeysAt, otherFormKey } from './did-you-mean';
import { readYamlFast } from './fast-yaml';
import { firstAliasOffset, MAX_ALIAS_COUNT, PROTO_KEY, structureProblems, TOO_DEEP } from './yaml-structure';

export type ParsedFile<T> = Readonly<{ value: T | undefined; issues: WorkspaceIssue[]; locate: Locator }>;
export type Locator = (
  path: readonly PropertyKey[],
  severity: WorkspaceIssue['severity'],
  message: string,
) => WorkspaceIssue;

type Issue = z.core.$ZodIssue;

/**
 * Parses `text` as YAML and validates it; `value` is set only when there is no error. A valid file is read by
 * `readYamlFast` (the yaml library's first parse alone costs more than js-yaml's whole read of a workspace); positions
 * are parsed only for a file with a problem, or later for a problem found across files. `fastRead: false` (tests)
 * takes the positioned parse only.
 */
export function validateYamlFile<T>(file: string, text: string, schema: z.ZodType<T>, fastRead = true): ParsedFile<T> {
  // A `__proto__` key vanishes in the fast read's objects: only the positioned parse can refuse it.
  if (fastRead && !text.includes(PROTO_KEY)) {
    const data = readYamlFast(text);
    const result = data === undefined || data === null ? undefined : schema.safeParse(data);
    // Only a valid file is answered from the fast read; every problem is reported by the positioned parse below.
    if (result?.success) return { value: result.data, issues: [], locate: lazyLocator(file, text) };
  }
  const positioned = parseWithPositions(text);
  const { doc, lineCounter } = positioned;
  const locate = lazyLocator(file, text, positioned);
  if (doc.errors.length > 0) return { value: undefined, issues: syntaxIssues(file, lineCounter, doc.errors), locate };
  const structural = structureProblems(doc);
  if (structural.length > 0) {
    const issues = structural.map((problem) =>
      issueAt(file, lineCounter, problem.offset, problem.path, problem.message),
    );
    return { value: undefined, issues, locate };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const message = `the aliases expand past ${MAX_ALIAS_COUNT} copies (${(error as Error).message}); write the values out instead`;
    return { value: undefined, issues: [issueAt(file, lineCounter, firstAliasOffset(doc), [], message)], locate };
  }
  if (data === null || data === undefined) {
    return {
      value: undefined,
      issues: [{ file, line: 1, column: 1, path: '', message: 'the file is empty', severity: 'error' }],
      locate,
    };
  }
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { value: result.data, issues: [], locate };
  const flat = flattenIssues(result.error.issues as Issue[], []);
  const typoed = typoedKeys(flat, schema);
  const issues = flat
    .filter((issue) => !(isMissingKey(issue) && typoed.has(issue.path.map(String).join('.'))))
    .flatMap((issue) => describe(issue, schema, locate));
  return { value: undefined, issues, locate };
}

type Positioned = Readonly<{ doc: Document; lineCounter: LineCounter }>;

const STACK_GAVE_OUT = /Maximum call stack size exceeded/;

/**
 * The parse errors in words, one issue each; the parser's stack giving out on a deep file says how deep a file may nest,
 * once. (How many errors the yaml library records for one overflow depends on where the stack ran out, which depends on
 * the Node version and the caller's stack: Node 24 records two for a 2,000-level block map.)
 */
export function syntaxIssues(
  file: string,
  lineCounter: LineCounter,
  errors: readonly Readonly<{ pos: readonly [number, number]; message: string }>[],
): WorkspaceIssue[] {
  const tooDeep = errors.find((error) => STACK_GAVE_OUT.test(error.message));
  const others = errors.filter((error) => !STACK_GAVE_OUT.test(error.message));
  return [
    ...(tooDeep ? [issueAt(file, lineCounter, tooDeep.pos[0], [], TOO_DEEP)] : []),
    ...others.map((error) =>
      issueAt(file, lineCounter, error.pos[0], [], `YAML syntax error: ${firstLine(error.message)}`),
    ),
  ];
}

function issueAt(
  file: string,
  lineCounter: LineCounter,
  offset: number,
  path: readonly PropertyKey[],
  message: string,
): WorkspaceIssue {
  const { line, col } = lineCounter.linePos(offset);
  return { file, line, column: col, path: path.map(String).join('.'), message, severity: 'error' };
}

function parseWithPositions(text: string): Positioned {
  const lineCounter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
}

/** Locates paths in the file, parsing it with positions on the first call when it was read without them. */
function lazyLocator(file: string, text: string, parsed?: Positioned): Locator {
  let positioned = parsed;
  return (path, severity, message) => {
    positioned ??= parseWithPositions(text);
    return { ...issueAt(file, positioned.lineCounter, offsetOf(positioned.doc, path), path, message), severity };
  };
}

/** Unions report one issue list per branch: keep the branch that got furthest (deepest path, then fewest issues). */
function flattenIssues(issues: readonly Issue[], prefix: readonly PropertyKey[]): Issue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ ...issue, path } as Issue];
    const branches = issue.errors.filter((branch) => branch.length > 0);
    const depth = (branch: readonly Issue[]) =>
      Math.max(...branch.map((i) => i.path.length + (i.code === 'invalid_type' ? 0 : 0.5)));
    const best = [...branches].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0];
    if (!best || depth(best) === 0) return [{ ...issue, path } as Issue];
    return flattenIssues(best, path);
  });
}

const isMissingKey = (issue: Issue) => issue.code === 'invalid_type' && issue.input === undefined;

/**
 * The paths of required keys that are missing only because they were mistyped (`descripton:` for `description:`):
 * the unknown key's "did you mean" says it all, so one mistake is one problem, not two.
 */
function typoedKeys(issues: readonly Issue[], schema: z.ZodType): Set<string> {
  const typoed = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const known = knownKeysAt(schema, issue.path as PropertyKey[]);
    for (const key of issue.keys) {
      const suggestion = known.includes(key) ? undefined : nearest(key, known);
      if (suggestion) typoed.add([...issue.path, suggestion].map(String).join('.'));
    }
  }
  return typoed;
}

/** An entry of a union with no discriminator: a mistyped one (`knd:`) is named with its fix, else it is missing. */
function missingDiscriminator(
  path: readonly PropertyKey[],
  issue: Readonly<{ discriminator: string; options: readonly string[]; input: Record<string, unknown> }>,
  schema: z.ZodType,
  locate: Locator,
): WorkspaceIssue {
  const { discriminator, options, input } = issue;
  const entry = path.slice(0, -1);
  const known = knownKeysAt(schema, entry);
  const typo = Object.keys(input).find((key) => !known.includes(key) && nearest(key, known) === discriminator);
  if (typo) return locate([...entry, typo], 'error', `unknown key "${typo}"; did you mean "${discriminator}"?`);
  return locate(entry, 'error', `missing required key "${discriminator}" (one of ${options.join(', ')})`);
}

function describe(issue: Issue, schema: z.ZodType, locate: Locator): WorkspaceIssue[] {
  const path = issue.path as PropertyKey[];
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(schema, path);
    return issue.keys.map((key) => {
      // Known in another form of a union (a tool server's url beside a command): no "did you mean" the key itself.
      if (known.includes(key)) return locate([...path, key], 'error', otherFormKey(schema, path, key, issue.input));
      const suggestion = nearest(key, known);
      const hint = suggestion
        ? `; did you mean "${suggestion}"?`
        : known.length
          ? `; allowed keys: ${known.join(', ')}`
          : '';
      return locate([...path, key], 'error', `unknown key "${key}"${hint}`);
    });
  }
  if (issue.code === 'invalid_value' && issue.values.every((v) => typeof v === 'string')) {
    const options = issue.values as string[];
    const suggestion = typeof issue.input === 'string' ? nearest(issue.input, options) : undefined;
    const got =
      typeof issue.input === 'string' ? `"${issue.input}" is not one of ${options.join(', ')}` : issue.message;
    return [locate(path, 'error', suggestion ? `${got}; did you mean "${suggestion}"?` : got)];
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return [locate(path, 'error', `missing required key "${String(path.at(-1))}"`)];
  }
  if (issue.code === 'invalid_type')
    return [locate(path, 'error', `expected ${issue.expected}, got ${kindOf(issue.input)}`)];
  if (issue.code === 'invalid_union' && issue.errors.length === 0 && issue.discriminator) {
    const options = discriminatorValues(schema, path.slice(0, -1), issue.discriminator);
    const entry = typeof issue.input === 'object' && issue.input ? (issue.input as Record<string, unknown>) : {};
    const input = entry[issue.discriminator];
    if (input === undefined)
      return [
        missingDiscriminator(path, { discriminator: issue.discriminator, options, input: entry }, schema, locate),
      ];
    const suggestion = typeof input === 'string' ? nearest(input, options) : undefined;
    const got = `unknown ${issue.discriminator} "${String(input)}"; expected one of ${options.join(', ')}`;
    return [locate(path, 'error', suggestion ? `${got}; did you mean "${suggestion}"?` : got)];
  }
  // A refused key of a record (a provider named `constructor`): the key's own problem, not "Invalid key in record".
  if (issue.code === 'invalid_key')
    return [locate(path, 'error', `"${String(path.at(-1))}" ${issue.issues[0]?.message ?? issue.message}`)];
  return [locate(path, 'error', issue.message)];
}

/** A value's kind in words: "nothing (an empty value)", "a list", "the text "abc"". */
function kindOf(value: unknown): string {
  if (value === null) return 'nothing (an empty value)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'a map of keys';
  return `${typeof value} ${String(value)}`;
}

/** The source offset of the node at `path`: a key points at the key itself, a missing key at its parent. */
function offsetOf(doc: Document, path: readonly PropertyKey[]): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (const segment of path) {
    if (!isMap(node) && !(node && typeof node === 'object' && 'items' in node)) return offset;
    const collection = node as { items: unknown[] };
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && keyText(item.key) === String(segment));
      if (!pair) return offset;
      const key = pair.key as Node;
      if (segment === path.at(-1)) return key.range?.[0] ?? offset;
      next = pair.value;
      offset = (next as Node | null)?.range?.[0] ?? key.range?.[0] ?? offset;
    } else {
      next = collection.items[Number(segment)];
      offset = (next as Node | null)?.range?.[0] ?? offset;
    }
    node = next;
  }
  return offset;
}

/** A key as the value's object has it: a scalar's text, a collection key as yaml stringifies it. */
const keyText = (key: unknown) => (isScalar(key) ? String(key.value) : String(key));

const firstLine = (message: string) => message.split('\n')[0] ?? message;
