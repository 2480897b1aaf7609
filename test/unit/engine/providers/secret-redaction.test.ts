import { describe, expect, it } from 'vitest';
import { createProvider } from '../../../../src-main/engine/providers/create-provider';
import { ProviderError, type Provider } from '../../../../src-main/engine/providers/provider';
import * as redaction from '../../../../src-main/engine/providers/secret-redaction';
import { startFakeProviderServer } from '../../../fixtures/fake-provider-server';

describe('secret redaction', () => {
  it('replaces every registered key, the longest first, and leaves short values and other text alone', () => {
    redaction.registerSecret('sk-unit-aaaa1111bbbb');
    redaction.registerSecret('sk-unit-aaaa1111bbbb-extended');
    redaction.registerSecret('short');
    expect(redaction.redactSecrets('a sk-unit-aaaa1111bbbb-extended b sk-unit-aaaa1111bbbb c short')).toBe(
      'a (redacted) b (redacted) c short',
    );
    expect(redaction.redactSecretsDeep({ list: ['x sk-unit-aaaa1111bbbb'], n: 3, none: null })).toEqual({
      list: ['x (redacted)'],
      n: 3,
      none: null,
    });
  });

  it("keeps an error's class and details, and redacts its message, stack and causes", () => {
    redaction.registerSecret('sk-unit-cccc2222dddd');
    const cause = new Error('inner sk-unit-cccc2222dddd');
    const error = new ProviderError('outer sk-unit-cccc2222dddd', { status: 401, retryable: false });
    error.cause = cause;
    const same = redaction.redactError(error);
    expect(same).toBe(error);
    expect(same).toBeInstanceOf(ProviderError);
    expect(same.details.status).toBe(401);
    expect(same.message).toBe('outer (redacted)');
    expect(same.stack).not.toContain('sk-unit-cccc2222dddd');
    expect(cause.message).toBe('inner (redacted)');
  });

  it('wraps a provider: answers, tool calls and errors come back without the key', async () => {
    redaction.registerSecret('sk-unit-eeee3333ffff');
    const inner: Provider = {
      name: 'p',
      kind: 'openai',
      listModels: () => Promise.reject(new Error('401 for sk-unit-eeee3333ffff')),
      chat: () =>
        Promise.resolve({
          text: 'your key: sk-unit-eeee3333ffff',
          toolCalls: [{ id: 'c', name: 't', arguments: { note: 'sk-unit-eeee3333ffff' } }],
          model: 'm',
          finishReason: 'stop',
          rawFinishReason: 'stop',
          usage: { inputTokens: 1, outputTokens: 1 },
          latencyMs: 1,
          sent: {},
        }),
    };
    const provider = redaction.redactingProvider(inner);
    const answer = await provider.chat({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.text).toBe('your key: (redacted)');
    expect(answer.toolCalls[0]!.arguments).toEqual({ note: '(redacted)' });
    await expect(provider.listModels()).rejects.toThrow('401 for (redacted)');
  });

  it('is what createProvider builds: a key a real server echoes never comes back', async () => {
    const key = 'sk-unit-created-9999aaaa';
    const server = await startFakeProviderServer({
      script: (request) => ({ text: `echo ${String(request.headers.authorization)}` }),
    });
    try {
      const provider = createProvider(
        'vendor',
        { kind: 'openai', base_url: server.openaiUrl, api_key_env: 'UNIT_KEY' },
        { workspaceDir: '.', env: { UNIT_KEY: key }, timeoutMs: 5000 },
      );
      const answer = await provider.chat({ model: 'llama3.1:8b', messages: [{ role: 'user', content: 'hi' }] });
      expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${key}`);
      expect(answer.text).toBe('echo Bearer (redacted)');
    } finally {
      await server.close();
    }
  });
});
