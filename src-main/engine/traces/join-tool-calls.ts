// Joins the tool calls a model asked for to their results: by call id, else by name in order (research note §6).
import type { TraceMessage, TraceToolCall } from '../../../src-shared/model/trace';
import type { ToolExecution } from './context-spans';
import type { LlmCall } from './llm-call';

type Request = TraceMessage['toolCalls'][number];

/** Every tool call of the run in order, each with the result a tool span or a later tool turn recorded. */
export function joinToolCalls(calls: readonly LlmCall[], tools: readonly ToolExecution[]): TraceToolCall[] {
  const requests: Request[] = [];
  const seen = new Set<string>();
  const add = (request: Request) => {
    if (request.id) {
      if (seen.has(request.id)) return;
      seen.add(request.id);
    }
    requests.push(request);
  };
  const historyLength = calls[0]?.input?.length ?? 0;
  calls.forEach((call, index) => {
    // A later call's input repeats the assistant turns of this run: they recover requests whose output was not recorded.
    if (index > 0)
      for (const m of call.input?.slice(historyLength) ?? [])
        if (m.role === 'assistant') m.toolCalls.filter((r) => r.id).forEach(add);
    for (const r of call.output?.[0]?.toolCalls ?? []) add(r);
  });
  const resultsById = new Map<string, string>();
  for (const call of calls)
    for (const m of call.input ?? []) if (m.role === 'tool' && m.toolCallId) resultsById.set(m.toolCallId, m.content);

  const used = new Set<ToolExecution>();
  const take = (match: (tool: ToolExecution) => boolean) => {
    const found = tools.find((tool) => !used.has(tool) && match(tool));
    if (found) used.add(found);
    return found;
  };
  const joined: TraceToolCall[] = requests.map((request) => {
    const execution =
      (request.id ? take((tool) => tool.id === request.id) : undefined) ??
      take((tool) => tool.name === request.name && (!tool.id || !request.id));
    const fromTurn = request.id ? resultsById.get(request.id) : undefined;
    return {
      id: request.id ?? execution?.id ?? null,
      name: request.name || execution?.name || '',
      arguments: request.arguments ?? execution?.arguments ?? {},
      result: execution?.result ?? fromTurn ?? null,
      error: execution?.error ?? false,
    };
  });
  for (const tool of tools) {
    if (!used.has(tool))
      joined.push({ id: tool.id, name: tool.name, arguments: tool.arguments, result: tool.result, error: tool.error });
  }
  return joined;
}
