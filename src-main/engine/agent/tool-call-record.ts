// Builds one entry of a question's tool-call record: secret-named arguments redacted, result cut to 2,000 characters
// (marked in the text and recorded as a field).
import type { ToolCallRecord } from '../../../src-shared/model';
import { cutForSize } from '../../../src-shared/text/cut-mark';
import { redactArgs } from '../../../src-shared/model/redact-args';

/** docs/workspace.md: a stored tool result keeps at most this many characters (code points), then says it was cut. */
export const TOOL_RESULT_MAX_CHARS = 2000;

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
  const result = call.result === null ? null : cutForSize(call.result, TOOL_RESULT_MAX_CHARS);
  return {
    seq,
    name: call.name,
    server: call.server,
    args: redactArgs(call.args),
    result: result?.text ?? null,
    error: call.error,
    resultCut: result?.cut ?? null,
  };
}
