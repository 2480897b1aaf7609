// Turns one recorded help-desk reply into the spans each instrumentation library would have exported for it.
import type { SpanSpec, Value } from '../../test/fixtures/otlp-builder';
import { callAttributes, callEvents } from './call-attributes';
import { json, provider, steps, type Reply, type ToolUse, type TraceFrame } from './reply';

function span(
  frame: TraceFrame,
  n: number,
  name: string,
  from: number,
  to: number,
  extra: Partial<SpanSpec>,
): SpanSpec {
  return {
    traceId: frame.traceId,
    spanId: frame.spanId(n),
    name,
    startNs: frame.at(from),
    endNs: frame.at(to),
    ...extra,
  };
}

/** The spans of `reply`; `ms` is the model time per call. */
export function replySpans(reply: Reply, frame: TraceFrame): SpanSpec[] {
  const plan = steps(reply);
  const agent = plan.length > 1;
  const callMs = 700;
  const toolMs = 120;
  const out: SpanSpec[] = [];
  let clock = agent ? 5 : 0;
  const rootEnd = plan.length * callMs + (plan.length - 1) * toolMs + (agent ? 10 : 0);
  if (agent) out.push(span(frame, 1, rootName(reply), 0, rootEnd, { attributes: rootAttributes(reply) }));
  plan.forEach((step, i) => {
    const n = i * 2 + 2;
    const final = i === plan.length - 1;
    out.push(
      span(frame, n, callName(reply), clock, clock + callMs, {
        parentSpanId: agent ? frame.spanId(1) : undefined,
        kind: 3,
        attributes: callAttributes(reply, plan.slice(0, i), step, final),
        events: callEvents(reply, plan.slice(0, i), step, final, frame.at(clock + 1), frame.at(clock + callMs - 1)),
        status: final && reply.error ? { code: 2, message: reply.error } : {},
      }),
    );
    clock += callMs;
    if (step.toolCall) {
      out.push(
        span(frame, n + 1, toolName(reply, step.toolCall.name), clock, clock + toolMs, {
          parentSpanId: frame.spanId(1),
          attributes: toolAttributes(reply, step.toolCall),
        }),
      );
      clock += toolMs;
    }
  });
  // Exporters emit a span when it ends: children first, the agent root last.
  return agent ? [...out.slice(1), out[0]!] : out;
}

const rootName = (r: Reply) =>
  ({ genai: 'invoke_agent helpdesk', openinference: 'HelpdeskAgent', openllmetry: 'helpdesk.workflow' })[
    r.convention as 'genai'
  ] ?? 'agent';
const callName = (r: Reply) =>
  r.convention === 'openllmetry'
    ? `${provider(r.model)}.chat`
    : r.convention === 'openinference'
      ? 'ChatCompletion'
      : `chat ${r.model}`;
const toolName = (r: Reply, tool: string) =>
  r.convention === 'openllmetry' ? `${tool}.tool` : r.convention === 'openinference' ? tool : `execute_tool ${tool}`;

function rootAttributes(r: Reply): Record<string, Value> {
  if (r.convention === 'openinference') {
    return {
      'openinference.span.kind': 'AGENT',
      'input.value': r.question,
      'output.value': r.answer ?? '',
      ...(r.conversation ? { 'session.id': r.conversation } : {}),
    };
  }
  if (r.convention === 'openllmetry') {
    return {
      'traceloop.span.kind': 'workflow',
      'traceloop.entity.name': 'helpdesk',
      'traceloop.entity.input': json({ args: [r.question], kwargs: {} }),
      'traceloop.entity.output': json(r.answer ?? ''),
      ...(r.conversation ? { 'traceloop.association.properties.session_id': r.conversation } : {}),
    };
  }
  return {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.name': 'helpdesk',
    'gen_ai.provider.name': provider(r.model),
    ...(r.conversation ? { 'gen_ai.conversation.id': r.conversation } : {}),
  };
}

function toolAttributes(r: Reply, tool: ToolUse & { id: string }): Record<string, Value> {
  if (r.convention === 'openinference')
    return {
      'openinference.span.kind': 'TOOL',
      'tool.name': tool.name,
      'input.value': json(tool.args),
      'output.value': json(tool.result),
    };
  if (r.convention === 'openllmetry') {
    return {
      'traceloop.span.kind': 'tool',
      'traceloop.entity.name': tool.name,
      'traceloop.entity.input': json({ args: [], kwargs: tool.args }),
      'traceloop.entity.output': json(tool.result),
    };
  }
  return {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': tool.name,
    'gen_ai.tool.call.id': tool.id,
    'gen_ai.tool.call.arguments': json(tool.args),
    'gen_ai.tool.call.result': json(tool.result),
  };
}
