// OpenInference (Arize Phoenix): flattened llm.input_messages.N.* / llm.output_messages.N.*, input.value / output.value.
import type { TraceMessage } from '../../../../src-shared/model/trace';
import type { AttrValue, Attrs } from '../span';
import { emptyContent, putRequestMessages, type CallContent } from './content';
import { indexed, isObj, message, openAiMessage, role, str, structured, textOf, toolArguments } from './messages';

/** One flattened message group (`message.role`, `message.content`, `message.contents.M.*`, `message.tool_calls.J.*`). */
function flatMessage(group: Attrs): TraceMessage {
  const contents = indexed(group, 'message.contents.')
    .filter((part) => (part['message_content.type'] ?? 'text') === 'text')
    .map((part) => str(part['message_content.text']) ?? '');
  const text = str(group['message.content']) ?? contents.join('\n');
  const toolCalls = indexed(group, 'message.tool_calls.').map((call) => ({
    id: str(call['tool_call.id']) ?? null,
    name: str(call['tool_call.function.name']) ?? '',
    arguments: toolArguments(call['tool_call.function.arguments']),
  }));
  const toolCallId = str(group['message.tool_call_id']) ?? null;
  const r = role(group['message.role']);
  return message(toolCallId ? 'tool' : r, text, toolCalls, toolCallId);
}

export function openInferenceContent(attrs: Attrs): CallContent {
  const content = emptyContent();
  const input = indexed(attrs, 'llm.input_messages.').map(flatMessage);
  const output = indexed(attrs, 'llm.output_messages.').map(flatMessage);
  if (input.length) putRequestMessages(content, input);
  else {
    const fallback = valueMessages(attrs['input.value'], 'user');
    content.cut ||= fallback.cut;
    if (fallback.messages) putRequestMessages(content, fallback.messages);
  }
  // output.value holds the raw response: its finish (stop) reason counts even when the messages are flattened too.
  const raw = valueMessages(attrs['output.value'], 'assistant');
  if (output.length) content.output = output;
  else {
    content.cut ||= raw.cut;
    if (raw.messages) content.output = raw.messages;
  }
  if (raw.finishReason) content.finishReasons = [raw.finishReason];
  const reason = str(attrs['llm.finish_reason']);
  if (reason) content.finishReasons = [reason];
  return content;
}

type ValueMessages = { messages?: TraceMessage[]; finishReason?: string; cut: boolean };

/**
 * `input.value` / `output.value`: the raw request or response. JSON with `messages` (a chat request), `choices` (an
 * OpenAI chat completion) or `content` blocks with a `stop_reason` (an Anthropic message) is read as messages; plain
 * text is one turn.
 */
export function valueMessages(raw: AttrValue | undefined, fallbackRole: 'user' | 'assistant'): ValueMessages {
  if (raw === undefined || raw === null || raw === '') return { cut: false };
  const parsed = structured(raw);
  if (parsed.cut) return { messages: [message(fallbackRole, String(raw))], cut: true };
  const value = parsed.value;
  if (isObj(value) && Array.isArray(value.messages)) return { messages: value.messages.map(openAiMessage), cut: false };
  if (isObj(value) && Array.isArray(value.choices)) {
    const choice = value.choices.find(isObj);
    if (!choice) return { cut: false };
    return {
      messages: [
        openAiMessage({ role: 'assistant', ...(isObj(choice.message) ? choice.message : { content: choice.text }) }),
      ],
      finishReason: str(choice.finish_reason),
      cut: false,
    };
  }
  if (isObj(value) && Array.isArray(value.content) && 'stop_reason' in value) {
    return {
      messages: [message('assistant', textOf(value.content))],
      finishReason: str(value.stop_reason),
      cut: false,
    };
  }
  return {
    messages: [message(fallbackRole, textOf(typeof value === 'string' ? value : JSON.stringify(value)))],
    cut: false,
  };
}
