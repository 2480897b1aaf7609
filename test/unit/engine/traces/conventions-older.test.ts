import { describe, expect, it } from 'vitest';
import { classifySpan } from '../../../../src-main/engine/traces/conventions/detect';
import { decode, itemOf, parent, s, T0 } from './trace-helpers';

const json = (value: unknown) => JSON.stringify(value);
const at = (ms: number) => T0 + BigInt(ms) * 1_000_000n;

describe('OpenTelemetry GenAI 1.28–1.36: one span event per message (Azure AI Inference style)', () => {
  const spans = () => [
    s(1, 'chat gpt-4o-mini', 0, 500, {
      kind: 3,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.system': 'az.ai.inference',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.response.model': 'gpt-4o-mini',
        'gen_ai.usage.input_tokens': 40,
        'gen_ai.usage.output_tokens': 12,
        'gen_ai.response.finish_reasons': ['stop'],
      },
      events: [
        {
          name: 'gen_ai.system.message',
          timeNs: at(1),
          attributes: {
            'gen_ai.system': 'az.ai.inference',
            'gen_ai.event.content': json({ role: 'system', content: 'Be brief.' }),
          },
        },
        {
          name: 'gen_ai.user.message',
          timeNs: at(1),
          attributes: { 'gen_ai.event.content': json({ role: 'user', content: 'Can I renew twice?' }) },
        },
        {
          name: 'gen_ai.assistant.message',
          timeNs: at(1),
          attributes: { 'gen_ai.event.content': json({ role: 'assistant', content: 'Yes, online.' }) },
        },
        {
          name: 'gen_ai.user.message',
          timeNs: at(2),
          attributes: { 'gen_ai.event.content': json({ role: 'user', content: 'And a third time?' }) },
        },
        {
          name: 'gen_ai.choice',
          timeNs: at(499),
          attributes: {
            'gen_ai.event.content': json({
              message: { content: 'No, two renewals is the limit.' },
              finish_reason: 'stop',
              index: 0,
            }),
          },
        },
      ],
    }),
  ];

  it('reads the messages from the events, the last user message as the question', () => {
    const item = itemOf(spans())!;
    expect(item).toMatchObject({
      convention: 'genai_events',
      systemText: 'Be brief.',
      inputText: 'And a third time?',
      outputText: 'No, two renewals is the limit.',
      model: 'gpt-4o-mini',
      provider: 'az.ai.inference',
      inputTokens: 40,
      outputTokens: 12,
      captured: true,
    });
    expect(item.input.map((m) => `${m.role}: ${m.content}`)).toEqual([
      'user: Can I renew twice?',
      'assistant: Yes, online.',
      'user: And a third time?',
    ]);
  });

  it('reads tool calls from a choice and treats message events without content as not captured', () => {
    const toolChoice = itemOf([
      s(1, 'chat m', 0, 100, {
        attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.system': 'openai', 'gen_ai.request.model': 'm' },
        events: [
          { name: 'gen_ai.user.message', timeNs: at(1), attributes: { content: 'Renew Dune for card 4471' } },
          {
            name: 'gen_ai.choice',
            timeNs: at(99),
            attributes: {
              index: 0,
              finish_reason: 'tool_calls',
              message: {
                tool_calls: [
                  { id: 'c1', type: 'function', function: { name: 'renew_loan', arguments: '{"card":"4471"}' } },
                ],
              },
            },
          },
        ],
      }),
    ])!;
    expect(toolChoice.toolCalls).toEqual([
      { id: 'c1', name: 'renew_loan', arguments: { card: '4471' }, result: null, error: false },
    ]);
    expect(toolChoice.finishReason).toBe('tool_calls');

    const noContent = itemOf([
      s(1, 'chat m', 0, 100, {
        attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.system': 'openai', 'gen_ai.request.model': 'm' },
        events: [
          { name: 'gen_ai.user.message', timeNs: at(1), attributes: { 'gen_ai.system': 'openai' } },
          { name: 'gen_ai.choice', timeNs: at(99), attributes: { index: 0, finish_reason: 'stop' } },
        ],
      }),
    ])!;
    expect(noContent).toMatchObject({ captured: false, inputText: null, outputText: null, finishReason: 'stop' });
    expect(noContent.flags).toContain('No content recorded');
  });
});

describe('OpenTelemetry GenAI 1.26–1.27: gen_ai.content.prompt / gen_ai.content.completion events', () => {
  it('finds the call without an operation name and parses Python-repr content as the spec example writes it', () => {
    const specs = [
      s(1, 'chat.completions gpt-4', 0, 300, {
        attributes: {
          'gen_ai.system': 'openai',
          'gen_ai.request.model': 'gpt-4',
          'gen_ai.request.max_tokens': 200,
          'gen_ai.usage.prompt_tokens': 47,
          'gen_ai.usage.completion_tokens': 52,
          'gen_ai.response.finish_reasons': ['stop'],
        },
        events: [
          {
            name: 'gen_ai.content.prompt',
            timeNs: at(1),
            attributes: { 'gen_ai.prompt': "[{'role': 'user', 'content': 'What is the late fee per day?'}]" },
          },
          {
            name: 'gen_ai.content.completion',
            timeNs: at(299),
            attributes: {
              'gen_ai.completion': "[{'role': 'assistant', 'content': 'It is 0.20 EUR per item per day.'}]",
            },
          },
        ],
      }),
    ];
    expect(classifySpan(decode(specs)[0]!.attributes, decode(specs)[0]!.events)).toEqual({
      convention: 'genai_legacy',
      role: 'llm',
    });
    expect(itemOf(specs)).toMatchObject({
      convention: 'genai_legacy',
      inputText: 'What is the late fee per day?',
      outputText: 'It is 0.20 EUR per item per day.',
      inputTokens: 47,
      outputTokens: 52,
      model: 'gpt-4',
    });
  });
});

describe('OpenInference (llm.input_messages.N.*, TOOL and AGENT spans)', () => {
  const spans = () => [
    s(1, 'Agent', 0, 1000, {
      attributes: {
        'openinference.span.kind': 'AGENT',
        'session.id': 'sess-42',
        'input.value': 'Renew Dune for card 4471, please.',
        'input.mime_type': 'text/plain',
        'output.value': 'Done: Dune is now due on 2026-12-22.',
      },
    }),
    s(2, 'ChatCompletion', 10, 400, {
      parentSpanId: parent(1),
      attributes: {
        'openinference.span.kind': 'LLM',
        'llm.model_name': 'qwen3:8b',
        'llm.provider': 'ollama',
        'llm.invocation_parameters': json({ temperature: 0.2, max_tokens: 512 }),
        'llm.input_messages.0.message.role': 'system',
        'llm.input_messages.0.message.content': 'You are the help desk agent.',
        'llm.input_messages.1.message.role': 'user',
        'llm.input_messages.1.message.contents.0.message_content.type': 'text',
        'llm.input_messages.1.message.contents.0.message_content.text': 'Renew Dune for card 4471, please.',
        'llm.output_messages.0.message.role': 'assistant',
        'llm.output_messages.0.message.tool_calls.0.tool_call.id': 'call_a',
        'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'renew_loan',
        'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{"card": "4471", "title": "Dune"}',
        'llm.token_count.prompt': 120,
        'llm.token_count.completion': 30,
      },
    }),
    s(3, 'renew_loan', 410, 500, {
      parentSpanId: parent(1),
      attributes: {
        'openinference.span.kind': 'TOOL',
        'tool.name': 'renew_loan',
        'input.value': '{"card": "4471", "title": "Dune"}',
        'output.value': '{"due_date": "2026-12-22"}',
      },
    }),
    s(4, 'ChatCompletion', 510, 990, {
      parentSpanId: parent(1),
      attributes: {
        'openinference.span.kind': 'LLM',
        'llm.model_name': 'qwen3:8b',
        'llm.input_messages.0.message.role': 'user',
        'llm.input_messages.0.message.content': 'Renew Dune for card 4471, please.',
        'llm.input_messages.1.message.role': 'assistant',
        'llm.input_messages.1.message.tool_calls.0.tool_call.id': 'call_a',
        'llm.input_messages.1.message.tool_calls.0.tool_call.function.name': 'renew_loan',
        'llm.input_messages.2.message.role': 'tool',
        'llm.input_messages.2.message.tool_call_id': 'call_a',
        'llm.input_messages.2.message.content': '{"due_date": "2026-12-22"}',
        'llm.output_messages.0.message.role': 'assistant',
        'llm.output_messages.0.message.content': 'Done: Dune is now due on 2026-12-22.',
        'llm.token_count.prompt': 150,
        'llm.token_count.completion': 15,
      },
    }),
  ];

  it('takes the question and answer from the agent span, tool calls from the LLM output joined to the TOOL span', () => {
    const item = itemOf(spans())!;
    expect(item).toMatchObject({
      convention: 'openinference',
      conversationId: 'sess-42',
      agentRunId: parent(1),
      inputText: 'Renew Dune for card 4471, please.',
      outputText: 'Done: Dune is now due on 2026-12-22.',
      model: 'qwen3:8b',
      llmCalls: 2,
      inputTokens: 270,
      outputTokens: 45,
    });
    expect(item.toolCalls).toEqual([
      {
        id: 'call_a',
        name: 'renew_loan',
        arguments: { card: '4471', title: 'Dune' },
        result: '{"due_date": "2026-12-22"}',
        error: false,
      },
    ]);
  });

  it('counts a doubly instrumented call once (an OpenInference span around a GenAI span of the same model)', () => {
    const item = itemOf([
      s(1, 'ChatCompletion', 0, 300, {
        attributes: {
          'openinference.span.kind': 'LLM',
          'llm.model_name': 'gpt-4o',
          'llm.input_messages.0.message.role': 'user',
          'llm.input_messages.0.message.content': 'Hi',
          'llm.output_messages.0.message.role': 'assistant',
          'llm.output_messages.0.message.content': 'Hello!',
        },
      }),
      s(2, 'chat gpt-4o', 5, 295, {
        parentSpanId: parent(1),
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': 'openai',
          'gen_ai.request.model': 'gpt-4o',
          'gen_ai.usage.input_tokens': 9,
        },
      }),
    ])!;
    expect(item).toMatchObject({ llmCalls: 1, inputTokens: 9, inputText: 'Hi', outputText: 'Hello!' });
  });

  it('reads the __REDACTED__ placeholder as content that was not recorded', () => {
    const item = itemOf([
      s(1, 'ChatCompletion', 0, 300, {
        attributes: {
          'openinference.span.kind': 'LLM',
          'llm.model_name': 'gpt-4o',
          'llm.input_messages.0.message.role': 'user',
          'llm.input_messages.0.message.content': '__REDACTED__',
          'llm.output_messages.0.message.role': 'assistant',
          'llm.output_messages.0.message.content': '__REDACTED__',
        },
      }),
    ])!;
    expect(item.captured).toBe(false);
    expect(item.flags).toContain('No content recorded (redacted)');
  });
});

describe('OpenLLMetry before 0.5 (gen_ai.prompt.N.*, gen_ai.completion.N.*)', () => {
  it('reads indexed prompts and completions, a traceloop workflow root and a traceloop tool span', () => {
    const item = itemOf([
      s(1, 'helpdesk.workflow', 0, 800, {
        attributes: {
          'traceloop.span.kind': 'workflow',
          'traceloop.entity.name': 'helpdesk',
          'traceloop.entity.input': json({ args: ['Where is my card 4471 loan of Dune?'], kwargs: {} }),
          'traceloop.entity.output': json('Dune is due on 2026-12-01.'),
          'traceloop.association.properties.session_id': 'chat-9',
        },
      }),
      s(2, 'openai.chat', 10, 300, {
        parentSpanId: parent(1),
        kind: 3,
        attributes: {
          'llm.request.type': 'chat',
          'gen_ai.system': 'OpenAI',
          'gen_ai.request.model': 'gpt-4o-mini',
          'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
          'gen_ai.prompt.0.role': 'user',
          'gen_ai.prompt.0.content': 'Where is my card 4471 loan of Dune?',
          'gen_ai.completion.0.role': 'assistant',
          'gen_ai.completion.0.finish_reason': 'tool_calls',
          'gen_ai.completion.0.tool_calls.0.id': 'call_z',
          'gen_ai.completion.0.tool_calls.0.name': 'find_loan',
          'gen_ai.completion.0.tool_calls.0.arguments': '{"card":"4471"}',
          'gen_ai.usage.prompt_tokens': 30,
          'gen_ai.usage.completion_tokens': 10,
        },
      }),
      s(3, 'find_loan.tool', 310, 400, {
        parentSpanId: parent(1),
        attributes: {
          'traceloop.span.kind': 'tool',
          'traceloop.entity.name': 'find_loan',
          'traceloop.entity.input': json({ args: [], kwargs: { card: '4471' } }),
          'traceloop.entity.output': json({ title: 'Dune', due: '2026-12-01' }),
        },
      }),
      s(4, 'openai.chat', 410, 790, {
        parentSpanId: parent(1),
        kind: 3,
        attributes: {
          'llm.request.type': 'chat',
          'gen_ai.system': 'OpenAI',
          'gen_ai.request.model': 'gpt-4o-mini',
          'gen_ai.prompt.0.role': 'user',
          'gen_ai.prompt.0.content': 'Where is my card 4471 loan of Dune?',
          'gen_ai.prompt.1.role': 'assistant',
          'gen_ai.prompt.1.tool_calls.0.id': 'call_z',
          'gen_ai.prompt.1.tool_calls.0.name': 'find_loan',
          'gen_ai.prompt.2.role': 'tool',
          'gen_ai.prompt.2.tool_call_id': 'call_z',
          'gen_ai.prompt.2.content': '{"title":"Dune","due":"2026-12-01"}',
          'gen_ai.completion.0.role': 'assistant',
          'gen_ai.completion.0.content': 'Dune is due on 2026-12-01.',
          'gen_ai.completion.0.finish_reason': 'stop',
          'gen_ai.usage.prompt_tokens': 60,
          'gen_ai.usage.completion_tokens': 12,
        },
      }),
    ])!;
    expect(item).toMatchObject({
      convention: 'openllmetry',
      conversationId: 'chat-9',
      inputText: 'Where is my card 4471 loan of Dune?',
      outputText: 'Dune is due on 2026-12-01.',
      model: 'gpt-4o-mini',
      provider: 'OpenAI',
      finishReason: 'stop',
      inputTokens: 90,
      outputTokens: 22,
    });
    expect(item.toolCalls).toEqual([
      {
        id: 'call_z',
        name: 'find_loan',
        arguments: { card: '4471' },
        result: '{"title":"Dune","due":"2026-12-01"}',
        error: false,
      },
    ]);
  });

  it('marks a streamed completion that was never consumed as not captured', () => {
    const item = itemOf([
      s(1, 'openai.chat', 0, 100, {
        attributes: {
          'llm.request.type': 'chat',
          'gen_ai.system': 'openai',
          'gen_ai.request.model': 'gpt-4o',
          'llm.is_streaming': true,
          'gen_ai.prompt.0.role': 'user',
          'gen_ai.prompt.0.content': 'Hours?',
        },
      }),
    ])!;
    expect(item).toMatchObject({ captured: false, inputText: 'Hours?', outputText: null });
    expect(item.flags).toContain('Streamed response not captured');
  });
});
