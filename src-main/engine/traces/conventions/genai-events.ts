// Older OpenTelemetry GenAI content on span events: v1.28–1.36 per-message events, v1.26–1.27 prompt/completion events.
import type { TraceMessage } from '../../../../src-shared/model/trace';
import type { AttrValue, Attrs, SpanEvent } from '../span';
import { emptyContent, putRequestMessages, type CallContent } from './content';
import { isObj, message, openAiMessage, str, structured, textOf } from './messages';

const ROLE_EVENTS: Readonly<Record<string, TraceMessage['role']>> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

/** True when the span carries content events of either older style. */
export function hasGenaiEvents(events: readonly SpanEvent[]): boolean {
  return events.some((e) => e.name in ROLE_EVENTS || e.name === 'gen_ai.choice');
}

export function hasLegacyEvents(events: readonly SpanEvent[], attrs: Attrs): boolean {
  return (
    events.some((e) => e.name === 'gen_ai.content.prompt' || e.name === 'gen_ai.content.completion') ||
    typeof attrs['gen_ai.prompt'] === 'string' ||
    typeof attrs['gen_ai.completion'] === 'string'
  );
}

/** The event body: the JSON `gen_ai.event.content` attribute (Azure AI Inference and kin) or the attributes themselves. */
function body(event: SpanEvent): { value: Record<string, unknown>; cut: boolean } {
  const raw = event.attributes['gen_ai.event.content'];
  if (raw === undefined) return { value: event.attributes, cut: false };
  const parsed = structured(raw);
  return { value: isObj(parsed.value) ? parsed.value : {}, cut: parsed.cut };
}

/** v1.28–1.36: one event per message and a `gen_ai.choice` per choice; a message event without content was not captured. */
export function genaiEventContent(events: readonly SpanEvent[]): CallContent {
  const content = emptyContent();
  const input: TraceMessage[] = [];
  const output: TraceMessage[] = [];
  const reasons: string[] = [];
  const system: string[] = [];
  for (const event of events) {
    const r = ROLE_EVENTS[event.name];
    if (!r && event.name !== 'gen_ai.choice') continue;
    const { value, cut } = body(event);
    content.cut ||= cut;
    if (r) {
      const msg = openAiMessage({
        ...value,
        role: r,
        tool_call_id: r === 'tool' ? (str(value.tool_call_id) ?? str(value.id)) : undefined,
      });
      if (!('content' in value) && msg.toolCalls.length === 0) continue;
      if (r === 'system') system.push(msg.content);
      else input.push(msg);
    } else {
      if (Number(value.index ?? 0) !== 0) continue;
      const reason = str(value.finish_reason);
      if (reason) reasons.push(reason);
      if (isObj(value.message) && ('content' in value.message || 'tool_calls' in value.message)) {
        output.push(openAiMessage({ ...value.message, role: 'assistant' }));
      }
    }
  }
  if (input.length) content.input = input;
  if (output.length) content.output = output;
  if (reasons.length) content.finishReasons = reasons;
  if (system.length) content.system = system.join('\n');
  return content;
}

/** v1.26–1.27: `gen_ai.content.prompt` / `gen_ai.content.completion` events (or plain attributes) with OpenAI-format JSON. */
export function legacyContent(events: readonly SpanEvent[], attrs: Attrs): CallContent {
  const content = emptyContent();
  const prompt =
    events.find((e) => e.name === 'gen_ai.content.prompt')?.attributes['gen_ai.prompt'] ?? attrs['gen_ai.prompt'];
  const completion =
    events.find((e) => e.name === 'gen_ai.content.completion')?.attributes['gen_ai.completion'] ??
    attrs['gen_ai.completion'];
  const input = messagesOf(prompt, 'user');
  const output = messagesOf(completion, 'assistant');
  content.cut = input.cut || output.cut;
  if (input.messages) putRequestMessages(content, input.messages);
  if (output.messages)
    content.output = output.messages.map((m) => ({ ...m, role: m.role === 'tool' ? 'tool' : 'assistant' }));
  return content;
}

function messagesOf(
  raw: AttrValue | undefined,
  fallbackRole: 'user' | 'assistant',
): { messages?: TraceMessage[]; cut: boolean } {
  if (raw === undefined || raw === null) return { cut: false };
  const parsed = structured(raw);
  if (parsed.cut) return { messages: [message(fallbackRole, String(raw))], cut: true };
  const value = parsed.value;
  if (Array.isArray(value))
    return { messages: value.map((m) => openAiMessage(isObj(m) ? { role: fallbackRole, ...m } : m)), cut: false };
  if (isObj(value))
    return {
      messages: [openAiMessage({ role: fallbackRole, ...(isObj(value.message) ? value.message : value) })],
      cut: false,
    };
  return { messages: [message(fallbackRole, textOf(value))], cut: false };
}
