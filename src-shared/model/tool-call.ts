// The tool-call record of one question: what the agent executed, in order (docs/workspace.md).
import { z } from 'zod';
import { boolean, int, nullableString, string } from './fields';

export const toolCallRecord = z.object({
  seq: int.nonnegative(),
  name: string,
  server: nullableString,
  args: z.record(string, z.unknown()),
  result: z
    .string()
    .nullable()
    .describe('Cut to 2,000 characters; a cut result ends with "[cut for size: 2,000 of N characters kept]".'),
  error: boolean,
  /** Set when the result was cut for size: characters kept and in the original (absent in records before it existed). */
  resultCut: z.object({ keptChars: int.nonnegative(), originalChars: int.nonnegative() }).nullable().optional(),
});
export type ToolCallRecord = z.infer<typeof toolCallRecord>;
