// The tool-call record of one question: what the agent executed, in order (SPEC 4).
import { z } from 'zod';

export const toolCallRecord = z.object({
  seq: z.number().int().nonnegative(),
  name: z.string(),
  server: z.string().nullable(),
  args: z.record(z.string(), z.unknown()),
  result: z.string().nullable().describe('Truncated to 2,000 characters.'),
  error: z.boolean(),
});
export type ToolCallRecord = z.infer<typeof toolCallRecord>;
