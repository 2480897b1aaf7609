// OpenLLMetry / Traceloop before 0.5: indexed gen_ai.prompt.N.* and gen_ai.completion.N.* attributes.
import type { TraceMessage } from '../../../../src-shared/model/trace';
import type { Attrs } from '../span';
import { emptyContent, putRequestMessages, type CallContent } from './content';
import { indexed, message, role, str, textOf, toolArguments } from './messages';

/** True when the span has the indexed prompt or completion attributes. */
export function hasIndexedContent(attrs: Attrs): boolean {
  return (
    'gen_ai.prompt.0.role' in attrs ||
    'gen_ai.prompt.0.content' in attrs ||
    'gen_ai.completion.0.content' in attrs ||
    'gen_ai.completion.0.role' in attrs ||
    'gen_ai.completion.0.finish_reason' in attrs
  );
}

function indexedMessage(group: Attrs, fallbackRole: 'user' | 'assistant'): TraceMessage {
  const toolCalls = indexed(group, 'tool_calls.').map((call) => ({
    id: str(call.id) ?? null,
    name: str(call.name) ?? '',
    arguments: toolArguments(call.arguments),
  }));
  const toolCallId = str(group.tool_call_id) ?? null;
  const r = toolCallId ? 'tool' : role(group.role ?? fallbackRole);
  // Traceloop 0.22 writes an assistant turn that only called tools as the JSON text of its null content.
  const content = r === 'assistant' && group.content === 'null' ? '' : (group.content ?? group.refusal);
  return message(r, textOf(content), toolCalls, toolCallId);
}

export function openLlmetryContent(attrs: Attrs): CallContent {
  const content = emptyContent();
  const prompts = indexed(attrs, 'gen_ai.prompt.').filter(
    (g) => 'content' in g || 'tool_calls.0.name' in g || 'role' in g,
  );
  const completions = indexed(attrs, 'gen_ai.completion.');
  const input = prompts.filter((g) => 'content' in g || 'tool_calls.0.name' in g).map((g) => indexedMessage(g, 'user'));
  if (input.length) putRequestMessages(content, input);
  const first = completions[0];
  if (first && ('content' in first || 'refusal' in first || 'tool_calls.0.name' in first))
    content.output = [indexedMessage(first, 'assistant')];
  const reasons = completions.map((g) => str(g.finish_reason)).filter((r): r is string => r !== undefined);
  if (reasons.length) content.finishReasons = reasons;
  return content;
}
