// Joins the tool calls a model asked for to their results: by call id, else by order within each call (docs/traces.md).
import type { TraceMessage, TraceToolCall } from '../../../src-shared/model/trace';
import type { ToolExecution } from './context-spans';
import { ClaimQueue } from './claim-queue';
import type { LlmCall } from './llm-call';

type Request = TraceMessage['toolCalls'][number];

/**
 * The tool turns that answer a call: those after the last assistant turn of the next call's input (the results the
 * app fed back), or its trailing tool turns when the instrumentation did not record that assistant turn.
 */
function resultTurns(next: LlmCall | undefined): TraceMessage[] {
  const input = next?.input ?? [];
  let start = input.length;
  while (start > 0 && input[start - 1]!.role !== 'assistant') start--;
  if (start === 0) while (start < input.length && input[start]!.role !== 'tool') start++;
  return input.slice(start).filter((m) => m.role === 'tool');
}

/** The call's own requests; when its output was not recorded, the assistant turn the next call's input repeats. */
function requestsOf(call: LlmCall, next: LlmCall | undefined): Request[] {
  const own = call.output?.[0]?.toolCalls;
  if (call.output !== undefined) return own ?? [];
  return next?.input?.findLast((m) => m.role === 'assistant')?.toolCalls ?? [];
}

/** Every tool call of the run in order, each with the result a tool span or a later tool turn recorded. */
export function joinToolCalls(calls: readonly LlmCall[], tools: readonly ToolExecution[]): TraceToolCall[] {
  const resultsById = new Map<string, string>();
  for (const call of calls)
    for (const m of call.input ?? []) if (m.role === 'tool' && m.toolCallId) resultsById.set(m.toolCallId, m.content);

  // A request takes the first tool span left with its id, else one of its name (one without an id if it has one).
  const executions = new ClaimQueue(tools, (tool) =>
    tool.id ? [`id\0${tool.id}`, `name\0${tool.name}`] : [`name\0${tool.name}`, `anonymous\0${tool.name}`],
  );
  const seen = new Set<string>();
  const joined: TraceToolCall[] = [];
  calls.forEach((call, index) => {
    const next = calls[index + 1];
    const requests = requestsOf(call, next).filter((r) => !r.id || !seen.has(r.id));
    // Tool turns without an id answer this call's requests in the order they were asked.
    const requestIds = new Set(requests.map((r) => r.id));
    const unclaimed = resultTurns(next).filter((m) => !m.toolCallId || !requestIds.has(m.toolCallId));
    let position = 0;
    for (const request of requests) {
      if (request.id) seen.add(request.id);
      const execution =
        (request.id ? executions.claim(`id\0${request.id}`) : undefined) ??
        executions.claim(`${request.id ? 'anonymous' : 'name'}\0${request.name}`);
      const byId = request.id ? resultsById.get(request.id) : undefined;
      const byOrder = byId === undefined ? unclaimed[position++]?.content : undefined;
      joined.push({
        id: request.id ?? execution?.id ?? null,
        name: request.name || execution?.name || '',
        arguments: request.arguments ?? execution?.arguments ?? {},
        result: execution?.result ?? byId ?? byOrder ?? null,
        error: execution?.error ?? false,
      });
    }
  });
  for (const tool of executions.unclaimed())
    joined.push({ id: tool.id, name: tool.name, arguments: tool.arguments, result: tool.result, error: tool.error });
  return joined;
}
