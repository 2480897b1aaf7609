import { describe, expect, it } from 'vitest';
import { classifySpan } from '../../../../src-main/engine/traces/conventions/detect';
import { decode, itemOf, s, T0 } from './trace-helpers';

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
