// `ai-eval traces show ID`: one review item's conversation as the review queue shows it, as text or as JSON.
import type { Label, ReviewItem, ReviewItemDetail, TraceMessage } from '../../src-shared/model';

const argumentsText = (args: unknown) => (typeof args === 'string' ? args : JSON.stringify(args));
const indent = (text: string) => text.replace(/^/gm, '  ');

function turnLines(message: TraceMessage, role = message.role as string): string[] {
  const head = message.role === 'tool' ? `tool result${message.toolCallId ? ` (${message.toolCallId})` : ''}` : role;
  return [
    `${head}:`,
    ...(message.content ? [indent(message.content)] : []),
    ...message.toolCalls.map((call) => `  → ${call.name}(${argumentsText(call.arguments)})`),
  ];
}

function labelLine(label: Label | null): string {
  if (!label) return 'label: none';
  const tags = label.tags.length ? `; tags ${label.tags.join(', ')}` : '';
  return `label: ${label.verdict ?? 'no verdict'}${tags}${label.notes ? `; notes: ${label.notes}` : ''}`;
}

/** The item as the review queue lays it out: meta, flags, system prompt, turns, final answer, tool calls, label. */
export function showLines(item: ReviewItemDetail, label: Label | null): string[] {
  const answer = item.output.at(-1);
  const calls = `${item.llmCalls} LLM call${item.llmCalls === 1 ? '' : 's'}`;
  return [
    `trace ${item.traceId}`,
    `${item.model ?? 'unknown model'}${item.provider ? ` (${item.provider})` : ''} · ${item.convention ?? 'unknown convention'} · ` +
      `status ${item.status}${item.statusMessage ? ` (${item.statusMessage})` : ''}`,
    `${item.inputTokens ?? '—'} in / ${item.outputTokens ?? '—'} out tokens · finish ${item.finishReason ?? '—'} · ` +
      `${item.latencyMs ?? '—'} ms · ${calls}`,
    ...item.flags.map((flag) => `! ${flag}`),
    labelLine(label),
    '',
    ...(item.systemText ? ['system instructions:', indent(item.systemText), ''] : []),
    ...item.input.flatMap((message) => [...turnLines(message), '']),
    ...item.output.slice(0, -1).flatMap((message) => [...turnLines(message), '']),
    'final answer:',
    answer?.content ? indent(answer.content) : '  (no answer was captured for this trace)',
    ...(item.toolCalls.length
      ? [
          '',
          'tool calls:',
          ...item.toolCalls.flatMap((call, index) => [
            `  ${index + 1}. ${call.name}${call.id ? ` (${call.id})` : ''}${call.error ? ' [error]' : ''}`,
            `     arguments: ${argumentsText(call.arguments)}`,
            `     result: ${call.result ?? '(not recorded)'}`,
          ]),
        ]
      : []),
  ];
}

const messageJson = (message: TraceMessage) => ({
  role: message.role,
  content: message.content,
  tool_calls: message.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
  tool_call_id: message.toolCallId,
});

/** The item's calls, tokens and status, as both `traces --json` and `traces show --json` write them. */
export const figuresJson = (item: ReviewItem) => ({
  llm_calls: item.llmCalls,
  input_tokens: item.inputTokens,
  output_tokens: item.outputTokens,
  finish_reason: item.finishReason,
  truncated: item.truncated,
  captured: item.captured,
  status: item.status,
});

/** The JSON shape: snake_case, stable for scripts (keys may be added, never renamed). */
export function showJson(item: ReviewItemDetail, label: Label | null) {
  return {
    trace_id: item.traceId,
    conversation_id: item.conversationId,
    model: item.model,
    provider: item.provider,
    convention: item.convention,
    system_text: item.systemText,
    input: item.input.map(messageJson),
    output: item.output.map(messageJson),
    input_text: item.inputText,
    output_text: item.outputText,
    tool_calls: item.toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments: call.arguments,
      result: call.result,
      error: call.error,
    })),
    ...figuresJson(item),
    status_message: item.statusMessage,
    flags: item.flags,
    started_at: item.startedAt === null ? null : new Date(item.startedAt).toISOString(),
    latency_ms: item.latencyMs,
    label: label && { verdict: label.verdict, tags: label.tags, notes: label.notes, dimensions: label.dimensions },
  };
}
