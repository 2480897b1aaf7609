// Joins the tool calls a model asked for to their results: by call id, else by order within each call (docs/traces.md).
import type { TraceMessage, TraceToolCall } from '../../../src-shared/model/trace';
import type { ToolExecution } from './context-spans';
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

  const used = new Set<ToolExecution>();
  const take = (match: (tool: ToolExecution) => boolean) => {
    const found = tools.find((tool) => !used.has(tool) && match(tool));
    if (found) used.add(found);
    return found;
  };
  const seen = new Set<string>();
  const joined: TraceToolCall[] = [];
  calls.forEach((call, index) => {
    const next = calls[index + 1];
    const requests = requestsOf(call, next).filter((r) => !r.id || !seen.has(r.id));
    // Tool turns without an id answer this call's requests in the order they were asked.
    const unclaimed = resultTurns(next).filter((m) => !m.toolCallId || !requests.some((r) => r.id === m.toolCallId));
    let position = 0;
    for (const request of requests) {
      if (request.id) seen.add(request.id);
      const execution =
        (request.id ? take((tool) => tool.id === request.id) : undefined) ??
        take((tool) => tool.name === request.name && (!tool.id || !request.id));
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
  for (const tool of tools) {
    if (!used.has(tool))
      joined.push({ id: tool.id, name: tool.name, arguments: tool.arguments, result: tool.result, error: tool.error });
  }
  return joined;
}
