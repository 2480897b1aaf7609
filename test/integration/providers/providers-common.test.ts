// Every HTTP provider against the fake server: chat, tool calls, multi-turn, errors, timeouts, aborts, knob refusals.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProviderKind } from '../../../src-shared/model';
import { KnobMemory } from '../../../src-main/engine/providers/capabilities';
import { createProvider } from '../../../src-main/engine/providers/create-provider';
import { ProviderError, type ChatRequest, type Provider } from '../../../src-main/engine/providers/provider';
import { fakeProviderSuite } from '../../support/fake-provider-suite';
import { fixedAnswer } from '../../fixtures/fake-scripts';
import { closedPort } from '../../support/closed-port';

const suite = fakeProviderSuite();

const KINDS = ['ollama', 'openai', 'anthropic'] as const;
const MODEL = { ollama: 'llama3.1:8b', openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;

function provider(kind: (typeof KINDS)[number], timeoutMs = 5000, knobs = new KnobMemory()): Provider {
  const baseUrl = kind === 'openai' ? suite.server.openaiUrl : suite.server.url;
  return createProvider(
    `fake_${kind}`,
    { kind, base_url: baseUrl, api_key_env: 'FAKE_KEY' },
    { workspaceDir: '/tmp', env: { FAKE_KEY: 'sk-test' }, timeoutMs, knobs },
  );
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const catalogTool = {
  name: 'find_loan',
  description: 'Finds loans',
  parameters: { type: 'object', properties: { card: { type: 'string' } }, required: ['card'] },
};

describe.each(KINDS)('%s provider', (kind: ProviderKind & (typeof KINDS)[number]) => {
  const model = MODEL[kind];
  const ask = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
    model,
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi there' },
    ],
    ...extra,
  });

  beforeEach(() => {
    suite.server.requests.length = 0;
    suite.server.script = fixedAnswer('Hello from the fake');
  });

  it('chats: text, model, finish reason, usage, latency and the settings sent', async () => {
    suite.server.script = () => ({ text: 'Open 12:00 to 17:00', usage: { input: 11, output: 7 } });
    const response = await provider(kind).chat(ask({ generation: { temperature: 0.2, max_tokens: 64 } }));
    expect(response).toMatchObject({
      text: 'Open 12:00 to 17:00',
      model,
      finishReason: 'stop',
      toolCalls: [],
      usage: { inputTokens: 11, outputTokens: 7 },
    });
    expect(response.sent).toEqual({ temperature: 0.2, max_tokens: 64 });
    expect(response.latencyMs).toBeGreaterThanOrEqual(0);
    expect(suite.server.requests).toHaveLength(1);
    expect(suite.server.requests[0]).toMatchObject({
      api: kind,
      model,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi there' },
      ],
    });
  });

  it('maps a length stop to finish reason "length" and keeps the raw one', async () => {
    const raw = { ollama: 'length', openai: 'length', anthropic: 'max_tokens' }[kind];
    suite.server.script = () => ({ text: 'cut', finishReason: raw });
    expect(await provider(kind).chat(ask())).toMatchObject({ finishReason: 'length', rawFinishReason: raw });
  });

  it('offers tools and reads the tool calls the model makes', async () => {
    suite.server.script = () => ({ toolCalls: [{ name: 'find_loan', arguments: { card: '4471' } }] });
    const response = await provider(kind).chat(ask({ tools: [catalogTool] }));
    expect(suite.server.requests[0]?.tools).toEqual(['find_loan']);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]).toMatchObject({ name: 'find_loan', arguments: { card: '4471' } });
    expect(response.toolCalls[0]?.id).toEqual(expect.any(String));
  });

  it('sends a multi-turn conversation with a tool call and its result', async () => {
    await provider(kind).chat(
      ask({
        tools: [catalogTool],
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'I want to renew a book.' },
          { role: 'assistant', content: 'Which one?' },
          { role: 'user', content: 'Dune, card 4471.' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'call_a', name: 'find_loan', arguments: { card: '4471' } }],
          },
          { role: 'tool', content: '{"title":"Dune"}', toolCallId: 'call_a', name: 'find_loan' },
        ],
      }),
    );
    const seen = suite.server.requests[0]?.messages ?? [];
    expect(seen.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'tool']);
    expect(seen[4]?.toolCalls).toMatchObject([{ name: 'find_loan', arguments: { card: '4471' } }]);
    expect(seen[5]?.content).toBe('{"title":"Dune"}');
    if (kind !== 'ollama') expect(seen[5]?.toolCallId).toBe('call_a');
    else expect(seen[5]?.name).toBe('find_loan');
  });

  it('turns 429 into a retryable error with Retry-After in seconds', async () => {
    suite.server.script = () => ({ status: 429, headers: { 'retry-after': '7' }, errorMessage: 'slow down' });
    const error = await failure(provider(kind).chat(ask()));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).details).toMatchObject({ status: 429, retryable: true, retryAfterMs: 7000 });
    expect((error as ProviderError).message).toContain('slow down');
    expect((error as ProviderError).message).toContain(`fake_${kind}`);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    suite.server.script = () => ({ status: 429, headers: { 'retry-after': at } });
    const error = (await failure(provider(kind).chat(ask()))) as ProviderError;
    expect(error.details.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.details.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('marks 500 retryable and 404 not retryable', async () => {
    suite.server.script = () => ({ status: 500, errorMessage: 'boom' });
    expect(((await failure(provider(kind).chat(ask()))) as ProviderError).details).toMatchObject({
      status: 500,
      retryable: true,
    });
    suite.server.script = () => ({ status: 404, errorMessage: 'model not found' });
    expect(((await failure(provider(kind).chat(ask()))) as ProviderError).details).toMatchObject({
      status: 404,
      retryable: false,
    });
  });

  it('reports a malformed body and a truncated body as retryable provider errors', async () => {
    suite.server.script = () => ({ malformed: true });
    const malformed = await failure(provider(kind).chat(ask()));
    expect(malformed).toBeInstanceOf(ProviderError);
    expect((malformed as ProviderError).details.retryable).toBe(true);
    suite.server.script = () => ({ text: 'a long enough answer to cut in half', truncated: true });
    const truncated = await failure(provider(kind).chat(ask()));
    expect(truncated).toBeInstanceOf(ProviderError);
    expect((truncated as ProviderError).details.retryable).toBe(true);
  });

  it('times out a hanging server with a retryable error', async () => {
    suite.server.script = () => ({ hang: true });
    const error = (await failure(provider(kind, 150).chat(ask()))) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toContain('no answer within 150 ms');
    expect(error.details.retryable).toBe(true);
  });

  it('stops at once when the caller aborts, with the caller’s reason', async () => {
    const controller = new AbortController();
    suite.server.script = () => {
      controller.abort(new Error('run cancelled'));
      return { hang: true };
    };
    const error = await failure(provider(kind).chat(ask(), controller.signal));
    expect(error).not.toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe('run cancelled');
  });

  it('retries once without a knob the model refuses, and remembers the refusal', async () => {
    suite.server.script = (request) =>
      JSON.stringify(request.body).includes('"top_p"')
        ? { status: 400, errorMessage: "Unsupported parameter: 'top_p' is not supported with this model." }
        : { text: 'fine' };
    const knobs = new KnobMemory();
    const first = await provider(kind, 5000, knobs).chat(ask({ generation: { temperature: 0, top_p: 1 } }));
    expect(first.text).toBe('fine');
    expect(first.sent).not.toHaveProperty('top_p');
    expect(first.sent.temperature).toBe(0);
    expect(suite.server.requests).toHaveLength(2);
    const second = await provider(kind, 5000, knobs).chat(ask({ generation: { temperature: 0, top_p: 1 } }));
    expect(second.sent).not.toHaveProperty('top_p');
    expect(suite.server.requests).toHaveLength(3);
  });

  it('does not retry a 400 that names no knob', async () => {
    suite.server.script = () => ({ status: 400, errorMessage: 'messages: field required' });
    const error = (await failure(provider(kind).chat(ask({ generation: { temperature: 0 } })))) as ProviderError;
    expect(error.details).toMatchObject({ status: 400, retryable: false });
    expect(suite.server.requests).toHaveLength(1);
  });

  it('lists the models the server offers', async () => {
    expect(await provider(kind).listModels()).toEqual(['llama3.1:8b', 'qwen3:8b']);
  });
});

describe('an unreachable provider', () => {
  it('fails with a retryable network error naming the address', async () => {
    const port = await closedPort();
    const down = createProvider(
      'down',
      { kind: 'ollama', base_url: `http://127.0.0.1:${port}` },
      { workspaceDir: '/tmp', env: {}, timeoutMs: 2000 },
    );
    const error = (await failure(
      down.chat({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    )) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.details.retryable).toBe(true);
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(error.message).toContain('ECONNREFUSED');
  });
});
