// What each adapter puts on the wire: Ollama options, OpenAI token knobs and JSON mode, Anthropic system and capability rules.
import { beforeEach, describe, expect, it } from 'vitest';
import { KnobMemory } from '../../../src-main/engine/providers/capabilities';
import { createProvider } from '../../../src-main/engine/providers/create-provider';
import type { ChatRequest } from '../../../src-main/engine/providers/provider';
import { fakeProviderSuite } from '../../support/fake-provider-suite';
import { fixedAnswer } from '../../fixtures/fake-scripts';

const suite = fakeProviderSuite();
beforeEach(() => {
  suite.server.requests.length = 0;
  suite.server.script = fixedAnswer('{"score": 4, "reason": "fine"}');
});

const options = () => ({ workspaceDir: '/tmp', env: { KEY: 'sk-test' }, timeoutMs: 5000, knobs: new KnobMemory() });
const ollama = () => createProvider('local', { kind: 'ollama', base_url: suite.server.url }, options());
const openai = () =>
  createProvider('openai', { kind: 'openai', base_url: suite.server.openaiUrl, api_key_env: 'KEY' }, options());
const anthropic = () =>
  createProvider('claude', { kind: 'anthropic', base_url: suite.server.url, api_key_env: 'KEY' }, options());
const request = (model: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model,
  messages: [
    { role: 'system', content: 'You are a judge.' },
    { role: 'user', content: 'Score this.' },
  ],
  ...extra,
});
/** A user question, the assistant's get_loan call `callId` and the tool's result: the tool-calling turns. */
const loanLookup = (callId: string): ChatRequest['messages'] => [
  { role: 'user', content: 'Dune?' },
  { role: 'assistant', content: '', toolCalls: [{ id: callId, name: 'get_loan', arguments: { title: 'Dune' } }] },
  { role: 'tool', content: 'due 2026-12-01', toolCallId: callId, name: 'get_loan' },
];
const lastBody = () => suite.server.requests.at(-1)?.body ?? {};

describe('ollama on the wire', () => {
  it('posts /api/chat with stream false, options and format json', async () => {
    const response = await ollama().chat(
      request('llama3.1:8b', { json: true, generation: { temperature: 0, top_p: 1, seed: 7, max_tokens: 256 } }),
    );
    expect(lastBody()).toMatchObject({
      stream: false,
      format: 'json',
      options: { temperature: 0, top_p: 1, seed: 7, num_predict: 256 },
    });
    expect(response.sent).toEqual({ temperature: 0, top_p: 1, seed: 7, max_tokens: 256 });
  });

  it('sends tools in Ollama’s function format and a tool result by tool name', async () => {
    await ollama().chat(
      request('qwen3:8b', {
        tools: [{ name: 'get_loan', description: 'A loan', parameters: { type: 'object' } }],
        messages: loanLookup('call_0'),
      }),
    );
    const body = lastBody() as { tools: unknown[]; messages: unknown[] };
    expect(body.tools).toEqual([
      { type: 'function', function: { name: 'get_loan', description: 'A loan', parameters: { type: 'object' } } },
    ]);
    expect(body.messages[1]).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [{ function: { name: 'get_loan', arguments: { title: 'Dune' } } }],
    });
    expect(body.messages[2]).toEqual({ role: 'tool', content: 'due 2026-12-01', tool_name: 'get_loan' });
  });
});

describe('openai on the wire', () => {
  it('sends max_tokens, seed and response_format json_object to a chat model', async () => {
    const response = await openai().chat(
      request('gpt-4o-mini', { json: true, generation: { temperature: 0, top_p: 1, seed: 3, max_tokens: 100 } }),
    );
    expect(lastBody()).toMatchObject({
      temperature: 0,
      top_p: 1,
      seed: 3,
      max_tokens: 100,
      response_format: { type: 'json_object' },
    });
    expect(response.sent).toEqual({ temperature: 0, top_p: 1, seed: 3, max_tokens: 100 });
    expect(suite.server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test');
  });

  it('sends no temperature or top_p to a reasoning model, and max_completion_tokens', async () => {
    const response = await openai().chat(
      request('o3-mini', { generation: { temperature: 0, top_p: 1, max_tokens: 100 } }),
    );
    const body = lastBody();
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('max_tokens');
    expect(body.max_completion_tokens).toBe(100);
    expect(response.sent).toEqual({ max_tokens: 100 });
  });

  it('sends tool call arguments as a JSON string and tool results by id', async () => {
    await openai().chat(
      request('gpt-4o', {
        messages: loanLookup('call_9'),
      }),
    );
    const messages = (lastBody() as { messages: unknown[] }).messages;
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'get_loan', arguments: '{"title":"Dune"}' } }],
    });
    expect(messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_9', content: 'due 2026-12-01' });
  });

  it('refuses a tool call whose arguments are not a JSON object', async () => {
    suite.server.script = () => ({ toolCalls: [{ name: 'find_loan', arguments: '{"card": 44' }] });
    await expect(openai().chat(request('gpt-4o'))).rejects.toThrow(
      /tool "find_loan" with arguments that are not a JSON object: \{"card": 44/,
    );
  });
});

describe('anthropic on the wire', () => {
  it('puts system turns in `system`, sends max_tokens by default and no seed', async () => {
    const response = await anthropic().chat(
      request('claude-3-5-haiku-latest', { generation: { temperature: 0, top_p: 1, seed: 5 } }),
    );
    const body = lastBody();
    expect(body.system).toBe('You are a judge.');
    expect(body.messages).toEqual([{ role: 'user', content: 'Score this.' }]);
    expect(body).toMatchObject({ max_tokens: 4096, temperature: 0, top_p: 1 });
    expect(body).not.toHaveProperty('seed');
    expect(response.sent).toEqual({ max_tokens: 4096, temperature: 0, top_p: 1 });
    expect(JSON.stringify(suite.server.requests.at(-1)?.headers)).toContain('sk-test');
  });

  it('sends temperature without top_p to recent Claude models', async () => {
    const response = await anthropic().chat(
      request('claude-sonnet-4-5-20250929', { generation: { temperature: 0, top_p: 1 } }),
    );
    expect(lastBody()).not.toHaveProperty('top_p');
    expect(response.sent).toEqual({ max_tokens: 4096, temperature: 0 });
  });

  it('gathers consecutive tool results into one user turn of tool_result blocks', async () => {
    await anthropic().chat(
      request('claude-haiku-4-5', {
        tools: [{ name: 'get_loan', description: 'A loan', parameters: { type: 'object', properties: {} } }],
        messages: [
          { role: 'user', content: 'Both loans?' },
          {
            role: 'assistant',
            content: 'Looking.',
            toolCalls: [
              { id: 'toolu_1', name: 'get_loan', arguments: { title: 'Dune' } },
              { id: 'toolu_2', name: 'get_loan', arguments: { title: 'Piranesi' } },
            ],
          },
          { role: 'tool', content: 'Dune loan', toolCallId: 'toolu_1', name: 'get_loan' },
          { role: 'tool', content: 'Piranesi loan', toolCallId: 'toolu_2', name: 'get_loan' },
        ],
      }),
    );
    const body = lastBody() as { messages: unknown[]; tools: unknown[] };
    expect(body.tools).toEqual([
      { name: 'get_loan', description: 'A loan', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: 'Both loans?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_loan', input: { title: 'Dune' } },
          { type: 'tool_use', id: 'toolu_2', name: 'get_loan', input: { title: 'Piranesi' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Dune loan' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Piranesi loan' },
        ],
      },
    ]);
  });

  it('keeps temperature and drops top_p when the API names both in a refusal', async () => {
    suite.server.script = (req) =>
      'top_p' in req.body && 'temperature' in req.body
        ? {
            status: 400,
            errorMessage: '`temperature` and `top_p` cannot both be specified for this model. Please use only one.',
          }
        : { text: 'ok' };
    const response = await anthropic().chat(
      request('claude-3-7-sonnet-latest', { generation: { temperature: 0, top_p: 1 } }),
    );
    expect(response.sent).toEqual({ max_tokens: 4096, temperature: 0 });
  });
});
