// The attributes and events of one model call, as each instrumentation library records them.
import type { EventSpec, SpanSpec, Value } from '../../test/fixtures/otlp-builder';
import { json, provider, SYSTEM, tokens, type Reply, type Step } from './reply';

/** The conversation a call sees: system, history, the question, then the tool rounds before it (OpenAI chat format). */
function openAiInput(r: Reply, before: Step[]): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = [
    { role: 'system', content: SYSTEM },
    ...(r.history ?? []),
    { role: 'user', content: r.question },
  ];
  for (const step of before) {
    const call = step.toolCall!;
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: json(call.args) } }],
    });
    messages.push({ role: 'tool', tool_call_id: call.id, content: json(call.result) });
  }
  return messages;
}

function usage(r: Reply, input: Record<string, unknown>[], step: Step): { input: number; output: number } {
  return { input: tokens(json(input)), output: step.text ? tokens(step.text) : 20 };
}

export function callAttributes(r: Reply, before: Step[], step: Step, final: boolean): Record<string, Value> {
  const input = openAiInput(r, before);
  const used = usage(r, input, step);
  const finish = step.toolCall ? 'tool_calls' : (r.finish ?? 'stop');
  const recorded = !(final && (r.capture === 'streamed' || r.answer === null));
  const errorType: Record<string, Value> = final && r.error ? { 'error.type': r.error.split(':')[0]! } : {};
  if (r.convention === 'openinference') {
    const hide = (text: string) => (r.capture === 'redacted' ? '__REDACTED__' : text);
    const attrs: Record<string, Value> = {
      'openinference.span.kind': 'LLM',
      'llm.model_name': r.model,
      'llm.provider': provider(r.model),
      'llm.invocation_parameters': json({ temperature: 0.2, max_tokens: 512 }),
    };
    input.forEach((m, i) => {
      attrs[`llm.input_messages.${i}.message.role`] = String(m.role);
      if (typeof m.content === 'string') attrs[`llm.input_messages.${i}.message.content`] = hide(m.content);
      if (m.tool_call_id) attrs[`llm.input_messages.${i}.message.tool_call_id`] = String(m.tool_call_id);
      const calls = (m.tool_calls as { id: string; function: { name: string; arguments: string } }[] | undefined) ?? [];
      calls.forEach((c, j) => {
        attrs[`llm.input_messages.${i}.message.tool_calls.${j}.tool_call.id`] = c.id;
        attrs[`llm.input_messages.${i}.message.tool_calls.${j}.tool_call.function.name`] = c.function.name;
        attrs[`llm.input_messages.${i}.message.tool_calls.${j}.tool_call.function.arguments`] = c.function.arguments;
      });
    });
    if (recorded || r.capture === 'redacted') {
      attrs['llm.output_messages.0.message.role'] = 'assistant';
      if (step.toolCall) {
        attrs['llm.output_messages.0.message.tool_calls.0.tool_call.id'] = step.toolCall.id;
        attrs['llm.output_messages.0.message.tool_calls.0.tool_call.function.name'] = step.toolCall.name;
        attrs['llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments'] = json(step.toolCall.args);
      } else attrs['llm.output_messages.0.message.content'] = hide(step.text ?? '');
    }
    // The raw response: an Anthropic message for Claude models, an OpenAI chat completion otherwise.
    if (recorded && !step.toolCall) {
      attrs['output.value'] = r.model.startsWith('claude')
        ? json({
            type: 'message',
            role: 'assistant',
            content: [{ type: 'text', text: hide(step.text ?? '') }],
            stop_reason: r.finish ?? 'end_turn',
          })
        : json({
            object: 'chat.completion',
            choices: [
              { index: 0, message: { role: 'assistant', content: hide(step.text ?? '') }, finish_reason: finish },
            ],
          });
      attrs['output.mime_type'] = 'application/json';
    }
    return {
      ...attrs,
      'llm.token_count.prompt': used.input,
      'llm.token_count.completion': used.output,
      ...(r.conversation ? { 'session.id': r.conversation } : {}),
      ...errorType,
    };
  }
  if (r.convention === 'openllmetry') {
    const attrs: Record<string, Value> = {
      'llm.request.type': 'chat',
      'gen_ai.system': provider(r.model) === 'openai' ? 'OpenAI' : provider(r.model),
      'gen_ai.request.model': r.model,
      'gen_ai.response.model': r.model,
    };
    input.forEach((m, i) => {
      attrs[`gen_ai.prompt.${i}.role`] = String(m.role);
      if (typeof m.content === 'string') attrs[`gen_ai.prompt.${i}.content`] = m.content;
      if (m.tool_call_id) attrs[`gen_ai.prompt.${i}.tool_call_id`] = String(m.tool_call_id);
      const calls = (m.tool_calls as { id: string; function: { name: string; arguments: string } }[] | undefined) ?? [];
      calls.forEach((c, j) =>
        Object.assign(attrs, {
          [`gen_ai.prompt.${i}.tool_calls.${j}.id`]: c.id,
          [`gen_ai.prompt.${i}.tool_calls.${j}.name`]: c.function.name,
          [`gen_ai.prompt.${i}.tool_calls.${j}.arguments`]: c.function.arguments,
        }),
      );
    });
    if (r.capture === 'streamed' && final) attrs['llm.is_streaming'] = true;
    if (recorded) {
      attrs['gen_ai.completion.0.role'] = 'assistant';
      attrs['gen_ai.completion.0.finish_reason'] = finish;
      if (step.toolCall)
        Object.assign(attrs, {
          'gen_ai.completion.0.tool_calls.0.id': step.toolCall.id,
          'gen_ai.completion.0.tool_calls.0.name': step.toolCall.name,
          'gen_ai.completion.0.tool_calls.0.arguments': json(step.toolCall.args),
        });
      else attrs['gen_ai.completion.0.content'] = step.text ?? '';
      Object.assign(attrs, { 'gen_ai.usage.prompt_tokens': used.input, 'gen_ai.usage.completion_tokens': used.output });
    }
    return {
      ...attrs,
      ...(r.conversation && !before.length ? { 'traceloop.association.properties.session_id': r.conversation } : {}),
      ...errorType,
    };
  }
  const common: Record<string, Value> = {
    'gen_ai.operation.name': 'chat',
    [r.convention === 'genai' ? 'gen_ai.provider.name' : 'gen_ai.system']: provider(r.model),
    'gen_ai.request.model': r.model,
    'gen_ai.request.max_tokens': 512,
    ...(r.conversation ? { 'gen_ai.conversation.id': r.conversation } : {}),
    ...errorType,
  };
  if (r.convention === 'genai_legacy') delete common['gen_ai.operation.name'];
  if (recorded && !r.error) {
    common['gen_ai.response.model'] = r.model;
    common['gen_ai.response.finish_reasons'] = [finish];
    Object.assign(
      common,
      r.convention === 'genai_legacy'
        ? { 'gen_ai.usage.prompt_tokens': used.input, 'gen_ai.usage.completion_tokens': used.output }
        : { 'gen_ai.usage.input_tokens': used.input, 'gen_ai.usage.output_tokens': used.output },
    );
  }
  if (r.convention !== 'genai') return common;
  if (r.capture === 'streamed' && final) common['gen_ai.request.stream'] = true;
  const parts = (m: Record<string, unknown>) =>
    m.role === 'tool'
      ? {
          role: 'tool',
          parts: [
            { type: 'tool_call_response', id: m.tool_call_id, response: JSON.parse(String(m.content)) as unknown },
          ],
        }
      : m.tool_calls
        ? {
            role: 'assistant',
            parts: (m.tool_calls as { id: string; function: { name: string; arguments: string } }[]).map((c) => ({
              type: 'tool_call',
              id: c.id,
              name: c.function.name,
              arguments: JSON.parse(c.function.arguments) as unknown,
            })),
          }
        : { role: m.role, parts: [{ type: 'text', content: m.content }] };
  common['gen_ai.system_instructions'] = json([{ type: 'text', content: SYSTEM }]);
  common['gen_ai.input.messages'] = json(input.slice(1).map(parts));
  if (recorded) {
    const output = step.toolCall
      ? [
          {
            role: 'assistant',
            parts: [
              { type: 'tool_call', id: step.toolCall.id, name: step.toolCall.name, arguments: step.toolCall.args },
            ],
            finish_reason: 'tool_call',
          },
        ]
      : [{ role: 'assistant', parts: [{ type: 'text', content: step.text ?? '' }], finish_reason: finish }];
    // A telemetry attribute limit cuts the recorded JSON in the middle.
    common['gen_ai.output.messages'] = final && r.capture === 'cut' ? json(output).slice(0, 120) : json(output);
  }
  return common;
}

/** The content events of the older GenAI conventions (none for the others). */
export function callEvents(
  r: Reply,
  before: Step[],
  step: Step,
  final: boolean,
  start: bigint,
  end: bigint,
): SpanSpec['events'] {
  const recorded = !(final && r.answer === null);
  if (r.convention === 'genai_legacy') {
    const events: EventSpec[] = [
      { name: 'gen_ai.content.prompt', timeNs: start, attributes: { 'gen_ai.prompt': json(openAiInput(r, before)) } },
    ];
    if (recorded)
      events.push({
        name: 'gen_ai.content.completion',
        timeNs: end,
        attributes: { 'gen_ai.completion': json([{ role: 'assistant', content: step.text ?? '' }]) },
      });
    return events;
  }
  if (r.convention !== 'genai_events') return [];
  const content = (body: Record<string, unknown>): Record<string, Value> =>
    r.capture === 'disabled'
      ? { 'gen_ai.system': provider(r.model) }
      : { 'gen_ai.system': provider(r.model), 'gen_ai.event.content': json(body) };
  const events = openAiInput(r, before).map((m) => ({
    name: `gen_ai.${String(m.role)}.message`,
    timeNs: start,
    attributes: content(m),
  }));
  if (recorded || r.capture === 'disabled') {
    events.push({
      name: 'gen_ai.choice',
      timeNs: end,
      attributes: content({
        index: 0,
        finish_reason: r.finish ?? 'stop',
        message: { role: 'assistant', content: step.text ?? '' },
      }),
    });
  }
  return events;
}
