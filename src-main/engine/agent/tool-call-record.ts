// Builds one entry of a question's tool-call record: secret-named arguments redacted, result cut to 2,000 characters.
import type { ToolCallRecord } from '../../../src-shared/model';
import { redactArgs } from '../graders/judge/redact-args';

/** SPEC 4: a stored tool result keeps at most this many characters (code points). */
export const TOOL_RESULT_MAX_CHARS = 2000;

export function truncateResult(text: string): string {
  if (text.length <= TOOL_RESULT_MAX_CHARS) return text;
  return [...text].slice(0, TOOL_RESULT_MAX_CHARS).join('');
}

export function toolCallRecord(
  seq: number,
  call: Readonly<{
    name: string;
    server: string | null;
    args: Readonly<Record<string, unknown>>;
    result: string | null;
    error: boolean;
  }>,
): ToolCallRecord {
  return {
    seq,
    name: call.name,
    server: call.server,
    args: redactArgs(call.args),
    result: call.result === null ? null : truncateResult(call.result),
    error: call.error,
  };
}
