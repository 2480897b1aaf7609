// OpenTelemetry GenAI ≥ v1.37: gen_ai.input.messages, gen_ai.output.messages, gen_ai.system_instructions (parts).
import type { Attrs, SpanEvent } from '../span';
import { emptyContent, type CallContent } from './content';
import { message, partsMessage, structured, textOf } from './messages';

const DETAILS_EVENT = 'gen_ai.client.inference.operation.details';

/** The content attributes of the span, or of the operation-details event that may carry them instead. */
export function genaiContent(attrs: Attrs, events: readonly SpanEvent[]): CallContent {
  const own = fromAttributes(attrs);
  if (own.input || own.output) return own;
  const details = events.find((event) => event.name === DETAILS_EVENT);
  return details ? fromAttributes(details.attributes) : own;
}

function fromAttributes(attrs: Attrs): CallContent {
  const content = emptyContent();
  const input = structured(attrs['gen_ai.input.messages']);
  const output = structured(attrs['gen_ai.output.messages']);
  const system = structured(attrs['gen_ai.system_instructions']);
  content.cut = input.cut || output.cut || system.cut;
  if (Array.isArray(input.value)) content.input = input.value.map(partsMessage);
  // Text cut by an attribute length limit is still shown (as the raw prefix); the cut marks the item truncated.
  else if (input.cut) content.input = [message('user', String(attrs['gen_ai.input.messages']))];
  if (output.cut) content.output = [message('assistant', String(attrs['gen_ai.output.messages']))];
  if (Array.isArray(output.value)) {
    const messages = output.value.map(partsMessage);
    content.output = messages;
    const reasons = messages.map((m) => m.finishReason).filter((r): r is string => r !== null);
    if (reasons.length) content.finishReasons = reasons;
  }
  if (system.value !== undefined) content.system = textOf(system.value);
  else if (typeof attrs['gen_ai.system_instructions'] === 'string' && system.cut)
    content.system = attrs['gen_ai.system_instructions'];
  return content;
}
