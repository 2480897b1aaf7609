// An agent written in any language: POST {messages} to its endpoint, read {response, tool_calls} back (docs/workspace.md).
import { z } from 'zod';
import type { ChatMessage, ToolCallRecord } from '../../../src-shared/model';
import { elapsedMs } from '../providers/adapter-options';
import { withDeadline } from '../providers/deadline';
import { httpRequest } from '../providers/http-client';
import { errorDetail, httpError, malformedError, networkError } from '../providers/provider-errors';
import { toolCallRecord } from './tool-call-record';

const answerSchema = z.object({
  response: z.string(),
  tool_calls: z
    .array(
      z.object({
        name: z.string().min(1),
        server: z.string().nullable().optional(),
        args: z.record(z.string(), z.unknown()).optional(),
        result: z.unknown().optional(),
        error: z.boolean().optional(),
      }),
    )
    .optional(),
});

export type ExternalAgentAnswer = Readonly<{
  response: string;
  /** Undefined when the agent reported no `tool_calls` at all (no record), [] when it called nothing. */
  toolCalls: ToolCallRecord[] | undefined;
  latencyMs: number;
}>;

/** Failures are ProviderErrors (HTTP status, retryable, Retry-After), so the run's limiter treats the agent like a model. */
export async function callExternalAgent(
  endpoint: string,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
  options: Readonly<{ timeoutMs?: number }> = {},
): Promise<ExternalAgentAnswer> {
  const where = `external agent ${endpoint}`;
  const start = performance.now();
  const text = await withDeadline(
    { where, timeoutMs: options.timeoutMs ?? 120_000, signal },
    async (callSignal) => {
      const response = await httpRequest(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ messages }),
        signal: callSignal,
      });
      if (!response.ok) throw httpError(where, response.status, errorDetail(response.text), response.headers);
      return response.text;
    },
    (error) => networkError(where, error),
  );
  const latencyMs = elapsedMs(start);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformedError(where, `not JSON: ${text.slice(0, 120)}`);
  }
  const answer = answerSchema.safeParse(parsed);
  if (!answer.success) {
    const issue = answer.error.issues[0];
    throw malformedError(
      where,
      `expected {response: string, tool_calls?: [{name, server?, args?, result?, error?}]}; ${issue?.path.join('.') || 'body'}: ${issue?.message}`,
    );
  }
  const toolCalls = answer.data.tool_calls?.map((call, seq) =>
    toolCallRecord(seq, {
      name: call.name,
      server: call.server ?? null,
      args: call.args ?? {},
      result:
        call.result === undefined || call.result === null
          ? null
          : typeof call.result === 'string'
            ? call.result
            : JSON.stringify(call.result),
      error: call.error ?? false,
    }),
  );
  return { response: answer.data.response, toolCalls, latencyMs };
}
