import { describe, expect, it } from 'vitest';
import type { Value } from '../../../fixtures/otlp-builder';
import { genaiChat, json, textMessage } from './convention-attributes';
import { itemOf, parent, s } from './trace-helpers';

describe('OpenTelemetry GenAI ≥ 1.37 (gen_ai.input.messages / gen_ai.output.messages)', () => {
  // The agent run of the semconv examples: invoke_agent → chat (tool call) → execute_tool → chat (answer).
  const searchCall = { type: 'tool_call', id: 'call_1', name: 'search_catalog', arguments: { title: 'Dune' } };
  /** A chat call of the agent run: a client span under invoke_agent, of gpt-4o as OpenAI answers it. */
  const librarianChat = (spanId: number, fromMs: number, toMs: number, rest: Record<string, Value>) =>
    s(spanId, 'chat gpt-4o', fromMs, toMs, {
      parentSpanId: parent(1),
      kind: 3,
      attributes: genaiChat('openai', 'gpt-4o', { 'gen_ai.response.model': 'gpt-4o-2024-08-06', ...rest }),
    });
  const agentRun = () => [
    s(1, 'invoke_agent Librarian', 0, 900, {
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': 'openai',
        'gen_ai.agent.name': 'Librarian',
        'gen_ai.conversation.id': 'conv_5j66UpCpwteGg4YSxUnt7lPY',
        'gen_ai.usage.input_tokens': 999,
      },
    }),
    librarianChat(2, 10, 300, {
      'gen_ai.usage.input_tokens': 52,
      'gen_ai.usage.output_tokens': 17,
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'gen_ai.system_instructions': json([{ type: 'text', content: 'You are the Riverside Library help desk.' }]),
      'gen_ai.input.messages': json([textMessage('user', 'Is Dune available?')]),
      'gen_ai.output.messages': json([{ role: 'assistant', parts: [searchCall], finish_reason: 'tool_call' }]),
    }),
    s(3, 'execute_tool search_catalog', 310, 400, {
      parentSpanId: parent(1),
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'search_catalog',
        'gen_ai.tool.call.id': 'call_1',
        'gen_ai.tool.call.arguments': json({ title: 'Dune' }),
        'gen_ai.tool.call.result': json({ available: 2 }),
      },
    }),
    librarianChat(4, 410, 880, {
      'gen_ai.usage.input_tokens': 80,
      'gen_ai.usage.output_tokens': 20,
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.input.messages': json([
        textMessage('user', 'Is Dune available?'),
        { role: 'assistant', parts: [searchCall] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_1', response: { available: 2 } }] },
      ]),
      'gen_ai.output.messages': json([
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', content: 'two copies' },
            { type: 'text', content: 'Yes, 2 copies of Dune are on the shelf.' },
          ],
          finish_reason: 'stop',
        },
      ]),
    }),
  ];

  it('builds one item from the agent run: question, tool call joined to its result, final answer, summed tokens', () => {
    const item = itemOf(agentRun())!;
    expect(item).toMatchObject({
      conversationId: 'conv_5j66UpCpwteGg4YSxUnt7lPY',
      groupKey: 'conversation:conv_5j66UpCpwteGg4YSxUnt7lPY',
      agentRunId: parent(1),
      spanId: parent(1),
      convention: 'genai',
      model: 'gpt-4o-2024-08-06',
      provider: 'openai',
      systemText: 'You are the Riverside Library help desk.',
      inputText: 'Is Dune available?',
      outputText: 'Yes, 2 copies of Dune are on the shelf.',
      llmCalls: 2,
      inputTokens: 132,
      outputTokens: 37,
      finishReason: 'stop',
      truncated: false,
      captured: true,
      status: 'ok',
      flags: [],
      latencyMs: 900,
      startedAt: 1_767_225_600_000,
    });
    expect(item.toolCalls).toEqual([
      { id: 'call_1', name: 'search_catalog', arguments: { title: 'Dune' }, result: '{"available":2}', error: false },
    ]);
    expect(item.output.map((m) => [m.role, m.content])).toEqual([
      ['assistant', ''],
      ['tool', '{"available":2}'],
      ['assistant', 'Yes, 2 copies of Dune are on the shelf.'],
    ]);
  });

  it('reads the structured (arrayValue / kvlistValue) form of the content attributes', () => {
    const item = itemOf([
      s(1, 'chat llama3.1', 0, 100, {
        attributes: genaiChat('ollama', 'llama3.1:8b', {
          'gen_ai.input.messages': [textMessage('user', 'When do you open on Sunday?')],
          'gen_ai.output.messages': [{ ...textMessage('assistant', 'At 12:00.'), finish_reason: 'stop' }],
        }),
      }),
    ])!;
    expect(item).toMatchObject({
      inputText: 'When do you open on Sunday?',
      outputText: 'At 12:00.',
      finishReason: 'stop',
      groupKey: `run:${item.traceId}`,
      agentRunId: null,
    });
  });

  it('marks a reply cut by max tokens as truncated, whatever the provider calls it', () => {
    for (const reason of ['length', 'max_tokens', 'MAX_TOKENS']) {
      const item = itemOf([
        s(1, 'chat m', 0, 100, {
          attributes: genaiChat('anthropic', 'm', {
            'gen_ai.response.finish_reasons': [reason],
            'gen_ai.input.messages': json([textMessage('user', 'List every branch.')]),
            'gen_ai.output.messages': json([textMessage('assistant', 'Main, North, Ri')]),
          }),
        }),
      ])!;
      expect(item.truncated).toBe(true);
      expect(item.flags).toContain(`Answer truncated by max tokens (finish reason ${reason})`);
    }
  });

  it('treats content cut by an attribute length limit as truncated, and a streamed reply without text as not captured', () => {
    const cut = itemOf([
      s(1, 'chat m', 0, 100, {
        attributes: genaiChat('openai', 'm', {
          'gen_ai.input.messages': json([textMessage('user', 'Hi')]),
          'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"Hello, this answer was cu',
        }),
      }),
    ])!;
    expect(cut).toMatchObject({
      truncated: true,
      captured: true,
      outputText: '[{"role":"assistant","parts":[{"type":"text","content":"Hello, this answer was cu',
    });
    expect(cut.flags).toEqual(['Recorded text was cut by a telemetry limit']);

    const streamed = itemOf([
      s(1, 'chat m', 0, 100, {
        attributes: genaiChat('openai', 'm', {
          'gen_ai.request.stream': true,
          'gen_ai.input.messages': json([textMessage('user', 'Hi')]),
        }),
      }),
    ])!;
    expect(streamed).toMatchObject({ captured: false, outputText: null, inputText: 'Hi' });
    expect(streamed.flags).toContain('Streamed response not captured');
  });

  it('reports a failed call with its error type and a trace without LLM calls as no item', () => {
    const failed = itemOf([
      s(1, 'chat m', 0, 100, {
        status: { code: 2, message: 'Rate limit reached' },
        attributes: genaiChat('openai', 'm', { 'error.type': 'RateLimitError' }),
      }),
    ])!;
    expect(failed).toMatchObject({ status: 'error', statusMessage: 'RateLimitError', captured: false });
    expect(failed.flags).toEqual(expect.arrayContaining(['LLM call failed: RateLimitError', 'No content recorded']));

    expect(
      itemOf([
        s(1, 'GET /api', 0, 10, {
          kind: 2,
          attributes: { 'http.request.method': 'GET', 'url.full': 'https://api.openai.com/v1/chat' },
        }),
      ]),
    ).toBeNull();
    expect(
      itemOf([
        s(1, 'embeddings m', 0, 10, {
          attributes: {
            'gen_ai.operation.name': 'embeddings',
            'gen_ai.provider.name': 'openai',
            'gen_ai.request.model': 'e',
          },
        }),
      ]),
    ).toBeNull();
  });

  it('flags a span whose parent was not imported as a partial trace', () => {
    const item = itemOf([
      s(2, 'chat m', 0, 100, {
        parentSpanId: parent(99),
        attributes: genaiChat('openai', 'm', {
          'gen_ai.input.messages': json([textMessage('user', 'Hi')]),
          'gen_ai.output.messages': json([textMessage('assistant', 'Hello')]),
        }),
      }),
    ])!;
    expect(item.flags).toContain('Partial trace: 1 span points at a parent that was not imported');
  });
});
