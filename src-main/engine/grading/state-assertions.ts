// state_check's assertion logic: a read tool's result, a dot path into it, and one comparison (docs/grading.md).
import { isDeepStrictEqual } from 'node:util';
import type { StateAssertion } from '../../../src-shared/model';
import { compileLinearRegex } from '../../matchers/safe-regex';

export type AssertionOutcome = Readonly<{ passed: boolean; why: string }>;

/** The tool's answer as data: MCP results unwrapped (structuredContent, else the text parts), JSON text parsed. */
export function toolResultValue(result: unknown): Readonly<{ value: unknown; isError: boolean }> {
  if (
    result !== null &&
    typeof result === 'object' &&
    !Array.isArray(result) &&
    ('content' in result || 'structuredContent' in result)
  ) {
    const mcp = result as { content?: unknown; structuredContent?: unknown; isError?: unknown };
    const isError = mcp.isError === true;
    if (mcp.structuredContent !== undefined && !isError) return { value: mcp.structuredContent, isError };
    const texts = Array.isArray(mcp.content)
      ? mcp.content.flatMap((part: { type?: unknown; text?: unknown }) =>
          part.type === 'text' && typeof part.text === 'string' ? [part.text] : [],
        )
      : [];
    return { value: parseJsonText(texts.join('\n')), isError };
  }
  return { value: typeof result === 'string' ? parseJsonText(result) : result, isError: false };
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Compares the value at the assertion's path with its expectation. */
export function checkExpectation(assertion: StateAssertion, value: unknown): AssertionOutcome {
  const where = assertion.path === '' ? 'the result' : assertion.path;
  const actual = value === undefined ? 'missing' : `is ${show(value)}`;
  const expect = assertion.expect;
  if ('exists' in expect) {
    const exists = value !== undefined;
    return {
      passed: exists === expect.exists,
      why: `${where} ${exists ? 'exists' : 'is missing'}${exists === expect.exists ? '' : `, expected it ${expect.exists ? 'to exist' : 'to be missing'}`}`,
    };
  }
  if ('equals' in expect) {
    const passed = isDeepStrictEqual(value, expect.equals);
    return { passed, why: `${where} ${actual}${passed ? '' : `, expected ${show(expect.equals)}`}` };
  }
  if ('not_equals' in expect) {
    const passed = value !== undefined && !isDeepStrictEqual(value, expect.not_equals);
    return { passed, why: `${where} ${actual}, expected not ${show(expect.not_equals)}` };
  }
  if ('contains' in expect) {
    const passed = contains(value, expect.contains);
    return {
      passed,
      why: `${where} ${actual}, ${passed ? 'contains' : 'expected to contain'} ${show(expect.contains)}`,
    };
  }
  const passed =
    value !== undefined && matchesLinear(expect.matches, typeof value === 'string' ? value : JSON.stringify(value));
  return { passed, why: `${where} ${actual}, ${passed ? 'matches' : 'expected to match'} /${expect.matches}/` };
}

/** A string holds the text; an array holds an equal element; an object holds every key of an expected object. */
function contains(value: unknown, expected: unknown): boolean {
  if (typeof value === 'string')
    return value.includes(typeof expected === 'string' ? expected : JSON.stringify(expected));
  if (Array.isArray(value)) return value.some((item) => isDeepStrictEqual(item, expected));
  if (
    value !== null &&
    typeof value === 'object' &&
    expected !== null &&
    typeof expected === 'object' &&
    !Array.isArray(expected)
  ) {
    return Object.entries(expected).every(
      ([key, item]) => Object.hasOwn(value, key) && isDeepStrictEqual((value as Record<string, unknown>)[key], item),
    );
  }
  return false;
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/** A pattern that cannot run matches nothing; state_check refuses such an assertion before calling any tool. */
function matchesLinear(pattern: string, text: string): boolean {
  const compiled = compileLinearRegex(pattern, 'u');
  return compiled.ok && compiled.regex.firstMatch(text) !== null;
}
