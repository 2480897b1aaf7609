// Workspace regexes (rubric `regex` checks, state_check `matches`) are RE2 regexes, run on RE2JS, whose matching time is
// linear in the text: a pattern such as ^(a+)+$ cannot backtrack for ever on a long answer. The flavour is RE2's, in
// JavaScript's spelling, and it differs from JavaScript's where RE2 does: \s is ASCII whitespace (a no-break space is
// not \s), `.` matches \r (only \n ends it), with `m` a line ends at \n only (in CRLF text `$` comes after the \r),
// and case folding with `i` follows Unicode (`\w` matches ſ). A construct RE2 cannot run, or would run differently
// without a word (back-references, numbered or named; lookahead; the v flag's set notation), is refused when the
// workspace is validated, so a run never meets it. json_schema checks match their `pattern`, `patternProperties` and
// `propertyNames` on the same engine (linearRegExpEngine, ajv's code.regExp).
import type { RegExpEngine } from 'ajv/dist/types';
import type { StateAssertion } from '../../src-shared/model';
import load from './lazy-modules.cjs';

export type LinearRegex = Readonly<{
  /** The first match, or null. */
  firstMatch(text: string): string | null;
}>;

export type CompiledRegex = { ok: true; regex: LinearRegex } | { ok: false; problem: string };

type Re2 = ReturnType<typeof load.re2js>['RE2JS'];

let engine: Re2 | undefined;
/** RE2JS, evaluated at the first regex: a workspace without one never pays for its quarter of a megabyte. */
const re2js = () => (engine ??= load.re2js().RE2JS);

/** JavaScript flags that change what matches, and RE2JS's equivalents; g, y and d only change how matches are reported. */
const flagOf = (flag: string, RE2JS: Re2): number =>
  ({ i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL })[flag] ?? 0;

const compiled = new Map<string, CompiledRegex>();

/** Compiles `pattern` (JavaScript syntax) for linear-time matching; the problem says why when it cannot be. */
export function compileLinearRegex(pattern: string, flags = ''): CompiledRegex {
  const key = `${flags}/${pattern}`;
  let result = compiled.get(key);
  if (!result) {
    result = compile(pattern, flags);
    if (compiled.size > 1000) compiled.clear();
    compiled.set(key, result);
  }
  return result;
}

/** A construct RE2JS would accept but match otherwise than JavaScript, said in words; undefined when there is none. */
function silentDifference(pattern: string, flags: string): string | undefined {
  if (flags.includes('v'))
    return "the v flag (set notation such as [\\p{L}--[a-z]]) is JavaScript's only: RE2 matches no such set; use u and a plain class";
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] !== '\\') continue;
    if (pattern[i + 1] === 'k' && pattern[i + 2] === '<') return 'named back-references (\\k<name>) are not supported';
    i += 1;
  }
  return undefined;
}

function compile(pattern: string, flags: string): CompiledRegex {
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    return { ok: false, problem: `invalid regex /${pattern}/${flags}: ${(error as Error).message}` };
  }
  const different = silentDifference(pattern, flags);
  if (different) return { ok: false, problem: `regex /${pattern}/${flags}: ${different} (checks use RE2 regexes)` };
  const RE2JS = re2js();
  const re2Flags = [...flags].reduce((sum, flag) => sum | flagOf(flag, RE2JS), RE2JS.LOOKBEHINDS);
  try {
    const re2 = RE2JS.compile(RE2JS.translateRegExp(pattern), re2Flags);
    return {
      ok: true,
      regex: {
        firstMatch(text) {
          const matcher = re2.matcher(text);
          return matcher.find() ? (matcher.group() ?? '') : null;
        },
      },
    };
  } catch (error) {
    return {
      ok: false,
      problem:
        `regex /${pattern}/${flags} cannot be matched in linear time (${(error as Error).message}); ` +
        'checks use RE2 regexes, without back-references or lookahead: rewrite it without them',
    };
  }
}

/** Why an assertion's `matches` pattern cannot run, if it cannot (validate reports the same for workspace files). */
export function matchesProblem(assertion: StateAssertion): string | undefined {
  if (!('matches' in assertion.expect)) return undefined;
  const compiled = compileLinearRegex(assertion.expect.matches, 'u');
  return compiled.ok ? undefined : compiled.problem;
}

/**
 * ajv's `code.regExp`: every pattern of a JSON Schema compiled by compileLinearRegex, so a schema pattern matches in
 * linear time too; one RE2 cannot run makes the schema fail to compile, with the reason.
 */
export const linearRegExpEngine: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    const compiled = compileLinearRegex(pattern, flags);
    if (!compiled.ok) throw new Error(compiled.problem);
    return { test: (text: string) => compiled.regex.firstMatch(text) !== null };
  },
  { code: 'linearRegExpEngine' },
);
