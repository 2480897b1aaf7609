// Which convention a span follows and what it is (an LLM call, a tool execution, an agent or workflow, or context).
import type { Convention } from '../../../../src-shared/model/trace';
import type { Attrs, SpanEvent } from '../span';
import { hasGenaiEvents, hasLegacyEvents } from './genai-events';
import { hasIndexedContent } from './openllmetry';

export type SpanRole = 'llm' | 'tool' | 'agent' | 'other';
export type SpanClass = Readonly<{ convention: Convention | null; role: SpanRole }>;

const LLM_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);
const NOT_LLM_OPERATIONS = new Set([
  'embeddings',
  'retrieval',
  'execute_tool',
  'create_agent',
  'invoke_agent',
  'invoke_workflow',
]);
const AGENT_OPERATIONS = new Set(['invoke_agent', 'invoke_workflow']);

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);

/** Classifies a span by its attributes, in the order docs/traces.md gives. */
export function classifySpan(attrs: Attrs, events: readonly SpanEvent[]): SpanClass {
  const oiKind = lower(attrs['openinference.span.kind']);
  const operation = lower(attrs['gen_ai.operation.name']);
  const traceloopKind = lower(attrs['traceloop.span.kind']);
  const requestType = lower(attrs['llm.request.type']);
  return {
    convention: conventionOf(attrs, events, oiKind, traceloopKind, requestType),
    role: roleOf(attrs, oiKind, operation, traceloopKind, requestType),
  };
}

function roleOf(
  attrs: Attrs,
  oiKind?: string,
  operation?: string,
  traceloopKind?: string,
  requestType?: string,
): SpanRole {
  if (operation === 'execute_tool' || oiKind === 'tool' || traceloopKind === 'tool') return 'tool';
  if (
    (operation && AGENT_OPERATIONS.has(operation)) ||
    oiKind === 'agent' ||
    oiKind === 'chain' ||
    traceloopKind === 'workflow' ||
    traceloopKind === 'agent'
  ) {
    return 'agent';
  }
  if (oiKind) return oiKind === 'llm' ? 'llm' : 'other';
  if (operation) return LLM_OPERATIONS.has(operation) ? 'llm' : 'other';
  if (requestType === 'chat' || requestType === 'completion') return 'llm';
  if (traceloopKind) return 'other';
  // v1.26 has no operation name: a provider and a requested model mean a model call.
  const provider = attrs['gen_ai.system'] ?? attrs['gen_ai.provider.name'];
  return provider !== undefined &&
    attrs['gen_ai.request.model'] !== undefined &&
    !NOT_LLM_OPERATIONS.has(operation ?? '')
    ? 'llm'
    : 'other';
}

function conventionOf(
  attrs: Attrs,
  events: readonly SpanEvent[],
  oiKind?: string,
  traceloopKind?: string,
  requestType?: string,
): Convention | null {
  if (oiKind) return 'openinference';
  if (hasIndexedContent(attrs)) return 'openllmetry';
  if ('gen_ai.input.messages' in attrs || 'gen_ai.output.messages' in attrs || 'gen_ai.system_instructions' in attrs)
    return 'genai';
  if (hasGenaiEvents(events)) return 'genai_events';
  if (hasLegacyEvents(events, attrs)) return 'genai_legacy';
  if (traceloopKind || requestType) return 'openllmetry';
  for (const key in attrs) if (key.startsWith('gen_ai.')) return 'genai';
  return null;
}
