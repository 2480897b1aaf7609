// tool_usage_grader's rules (docs/grading.md): each expectation met is an equal share; record first, response text as a fallback.
import type { ExpectedTool, ToolCallRecord } from '../../../src-shared/model';

export type ToolUsageVerdict = Readonly<{ met: number; total: number; reason: string }>;

type SeenCall = Readonly<{
  name: string;
  server: string | null;
  args: Readonly<Record<string, unknown>> | undefined;
  position: number;
}>;

export const TEXT_FALLBACK_NOTE =
  'no tool-call record available; read from the response text, which only works when the answer spells out tool markers';

/** Tool markers a response may spell out: [tool: name], <tool_call>{"name": "name"…}, or a `name` after the word tool. */
const MARKERS = [
  /\[(?:tool|tool_call|called)\s*:\s*([\w.:-]+)\s*\]/gi,
  /<tool_call>\s*\{[^}]*?"name"\s*:\s*"([\w.:-]+)"/gi,
  /\btool\s+`([\w.:-]+)`/gi,
];

/** The verdict over `expected`; undefined when there is nothing to check (the grader skips). */
export function toolUsageVerdict(
  expected: readonly ExpectedTool[] | undefined,
  record: readonly ToolCallRecord[] | undefined,
  response: string,
): ToolUsageVerdict | undefined {
  if (!expected || expected.length === 0) return undefined;
  const calls = record ? fromRecord(record) : fromText(response);
  const failures = expected
    .map((expectation) => failure(expectation, calls, record !== undefined))
    .filter((why): why is string => why !== undefined);
  const met = expected.length - failures.length;
  const summary =
    failures.length === 0
      ? `all ${expected.length} tool expectations met`
      : `${met} of ${expected.length} tool expectations met: ${failures.join('; ')}`;
  return { met, total: expected.length, reason: record ? summary : `${summary} (${TEXT_FALLBACK_NOTE})` };
}

function fromRecord(record: readonly ToolCallRecord[]): SeenCall[] {
  return [...record]
    .sort((a, b) => a.seq - b.seq)
    .map((call, position) => ({ name: call.name, server: call.server, args: call.args, position }));
}

function fromText(response: string): SeenCall[] {
  const found: { name: string; index: number }[] = [];
  for (const marker of MARKERS)
    for (const match of response.matchAll(marker)) found.push({ name: match[1] ?? '', index: match.index });
  return found
    .sort((a, b) => a.index - b.index)
    .map((hit, position) => {
      const colon = hit.name.indexOf(':');
      return colon === -1
        ? { name: hit.name, server: null, args: undefined, position }
        : { name: hit.name.slice(colon + 1), server: hit.name.slice(0, colon), args: undefined, position };
    });
}

/** A name with a colon is only server:tool; a bare name matches the tool name or the whole server:tool. */
export function nameMatches(expected: string, call: Pick<SeenCall, 'name' | 'server'>): boolean {
  const qualified = call.server ? `${call.server}:${call.name}` : call.name;
  return expected.includes(':') ? qualified === expected : call.name === expected || qualified === expected;
}

function failure(expectation: ExpectedTool, calls: readonly SeenCall[], hasRecord: boolean): string | undefined {
  const { tool, args, after } = expectation;
  if (!hasRecord && (args !== undefined || after !== undefined)) {
    return `${tool}: its ${args !== undefined ? 'args' : 'order (after)'} cannot be checked without a tool-call record`;
  }
  const named = calls.filter((call) => nameMatches(tool, call));
  const matching =
    args === undefined ? named : named.filter((call) => call.args !== undefined && subsetMatches(args, call.args));
  if (!expectation.should_run) {
    if (matching.length === 0) return undefined;
    return args === undefined
      ? `${tool} was called but must not run`
      : `${tool} was called with ${showArgs(args)} but must not be`;
  }
  if (named.length === 0) return `${tool} was not called`;
  if (matching.length === 0) return `${tool} was never called with ${showArgs(args ?? {})}`;
  if (after === undefined) return undefined;
  const before = calls.filter((call) => nameMatches(after, call));
  if (before.length === 0) return `${tool} should come after ${after}, which was not called`;
  const firstBefore = Math.min(...before.map((call) => call.position));
  return matching.some((call) => call.position > firstBefore)
    ? undefined
    : `${tool} was called before ${after}, not after it`;
}

/** Every expected key matches: scalars loosely ("12" == 12), booleans strictly, objects as subsets, arrays element-wise. */
export function subsetMatches(
  expected: Readonly<Record<string, unknown>>,
  actual: Readonly<Record<string, unknown>>,
): boolean {
  return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && looseEqual(value, actual[key]));
}

function looseEqual(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'boolean' || typeof actual === 'boolean') return expected === actual;
  if (expected === null || actual === null) return expected === actual;
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      expected.length === actual.length &&
      expected.every((item, i) => looseEqual(item, actual[i]))
    );
  if (typeof expected === 'object')
    return (
      typeof actual === 'object' &&
      !Array.isArray(actual) &&
      subsetMatches(expected as Record<string, unknown>, actual as Record<string, unknown>)
    );
  if (typeof actual === 'object' || actual === undefined) return false;
  return String(expected) === String(actual);
}

const showArgs = (args: Readonly<Record<string, unknown>>): string => JSON.stringify(args);
