import { describe, expect, it } from 'vitest';
import { flattened, genaiChat, json, oiLlm, oiMessages, openllmetryChat } from './convention-attributes';
import { itemOf, parent, s } from './trace-helpers';

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
      attributes: oiLlm('qwen3:8b', {
        'llm.provider': 'ollama',
        'llm.invocation_parameters': json({ temperature: 0.2, max_tokens: 512 }),
        ...oiMessages('llm.input_messages', [
          { role: 'system', content: 'You are the help desk agent.' },
          {
            role: 'user',
            contents: [{ message_content: { type: 'text', text: 'Renew Dune for card 4471, please.' } }],
          },
        ]),
        ...oiMessages('llm.output_messages', [
          {
            role: 'assistant',
            tool_calls: [
              {
                tool_call: {
                  id: 'call_a',
                  function: { name: 'renew_loan', arguments: '{"card": "4471", "title": "Dune"}' },
                },
              },
            ],
          },
        ]),
        'llm.token_count.prompt': 120,
        'llm.token_count.completion': 30,
      }),
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
      attributes: oiLlm('qwen3:8b', {
        ...oiMessages('llm.input_messages', [
          { role: 'user', content: 'Renew Dune for card 4471, please.' },
          { role: 'assistant', tool_calls: [{ tool_call: { id: 'call_a', function: { name: 'renew_loan' } } }] },
          { role: 'tool', tool_call_id: 'call_a', content: '{"due_date": "2026-12-22"}' },
        ]),
        ...oiMessages('llm.output_messages', [{ role: 'assistant', content: 'Done: Dune is now due on 2026-12-22.' }]),
        'llm.token_count.prompt': 150,
        'llm.token_count.completion': 15,
      }),
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

  /** A root OpenInference ChatCompletion span of gpt-4o: one user question, one assistant answer. */
  const gpt4oExchange = (question: string, answer: string) =>
    s(1, 'ChatCompletion', 0, 300, {
      attributes: oiLlm('gpt-4o', {
        ...oiMessages('llm.input_messages', [{ role: 'user', content: question }]),
        ...oiMessages('llm.output_messages', [{ role: 'assistant', content: answer }]),
      }),
    });

  it('counts a doubly instrumented call once (an OpenInference span around a GenAI span of the same model)', () => {
    const item = itemOf([
      gpt4oExchange('Hi', 'Hello!'),
      s(2, 'chat gpt-4o', 5, 295, {
        parentSpanId: parent(1),
        attributes: genaiChat('openai', 'gpt-4o', { 'gen_ai.usage.input_tokens': 9 }),
      }),
    ])!;
    expect(item).toMatchObject({ llmCalls: 1, inputTokens: 9, inputText: 'Hi', outputText: 'Hello!' });
  });

  it('reads the __REDACTED__ placeholder as content that was not recorded', () => {
    const item = itemOf([gpt4oExchange('__REDACTED__', '__REDACTED__')])!;
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
          ...openllmetryChat('OpenAI', 'gpt-4o-mini'),
          'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
          ...flattened('gen_ai.prompt', [{ role: 'user', content: 'Where is my card 4471 loan of Dune?' }]),
          ...flattened('gen_ai.completion', [
            {
              role: 'assistant',
              finish_reason: 'tool_calls',
              tool_calls: [{ id: 'call_z', name: 'find_loan', arguments: '{"card":"4471"}' }],
            },
          ]),
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
          ...openllmetryChat('OpenAI', 'gpt-4o-mini'),
          ...flattened('gen_ai.prompt', [
            { role: 'user', content: 'Where is my card 4471 loan of Dune?' },
            { role: 'assistant', tool_calls: [{ id: 'call_z', name: 'find_loan' }] },
            { role: 'tool', tool_call_id: 'call_z', content: '{"title":"Dune","due":"2026-12-01"}' },
          ]),
          ...flattened('gen_ai.completion', [
            { role: 'assistant', content: 'Dune is due on 2026-12-01.', finish_reason: 'stop' },
          ]),
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
          ...openllmetryChat('openai', 'gpt-4o'),
          'llm.is_streaming': true,
          ...flattened('gen_ai.prompt', [{ role: 'user', content: 'Hours?' }]),
        },
      }),
    ])!;
    expect(item).toMatchObject({ captured: false, inputText: 'Hours?', outputText: null });
    expect(item.flags).toContain('Streamed response not captured');
  });
});
