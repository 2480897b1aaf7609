import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKeychain } from '../memory-keychain';
import { appWithProviders, refusingServer } from './connections-fixture';

const KEY = 'sk-test-4f9a1c77d2e04b5b9e1d';

describe('secrets handlers', () => {
  let refusing: Awaited<ReturnType<typeof refusingServer>>;
  beforeAll(async () => {
    refusing = await refusingServer();
  });
  afterAll(() => refusing.close());

  it('stores, reports and clears a key without any output carrying it', async () => {
    const keychain = memoryKeychain();
    const { call, outputs } = appWithProviders(
      ['cloud: { kind: openai }', `guarded: { kind: openai, base_url: ${refusing.url}/v1, api_key_env: GUARDED_KEY }`],
      keychain,
      {},
    );
    expect(await call('secrets.status', { provider: 'cloud' })).toEqual({
      provider: 'cloud',
      variable: 'OPENAI_API_KEY',
      source: null,
      storage: 'keychain',
      restricted: false,
      userVariable: 'AIEVAL_KEY_CLOUD',
    });

    expect(await call('secrets.set', { provider: 'cloud', key: `  ${KEY}\n` })).toEqual({
      provider: 'cloud',
      variable: 'OPENAI_API_KEY',
      source: 'keychain',
      storage: 'keychain',
      restricted: false,
      userVariable: 'AIEVAL_KEY_CLOUD',
    });
    expect(keychain.entries.OPENAI_API_KEY).toBe(KEY);
    await call('secrets.set', { provider: 'guarded', key: KEY });
    const listed = (await call('providers.list', {})) as { name: string; key: { source: string | null } }[];
    expect(listed.find((p) => p.name === 'guarded')?.key.source).toBe('keychain');

    // The refusing server echoes the key in its 401 body: the test result names the problem but never the key.
    const test = (await call('providers.test', { provider: 'guarded' })) as {
      ok: boolean;
      problem: string;
      message: string;
    };
    expect(test).toMatchObject({ ok: false, problem: 'unauthorized' });
    expect(test.message).toContain('Key refused (HTTP 401)');
    expect(test.message).toContain('GUARDED_KEY from the keychain');
    expect(test.message).toContain('(redacted)');
    const models = (await call('providers.models', { provider: 'guarded' })) as { error: string };
    expect(models.error).toContain('HTTP 401');

    expect(await call('secrets.clear', { provider: 'cloud' })).toMatchObject({ source: null });
    expect(keychain.entries.OPENAI_API_KEY).toBeUndefined();
    for (const output of outputs) expect(output).not.toContain(KEY);
  });

  it('refuses a key for a connection that takes none, and an unknown connection, saying what to do', async () => {
    const { call } = appWithProviders([], memoryKeychain(), {});
    await expect(call('secrets.set', { provider: 'local', key: KEY })).rejects.toThrow(
      'bad_input: Provider "local" (ollama) takes no API key; to send one, name its variable with api_key_env',
    );
    await expect(call('secrets.status', { provider: 'nope' })).rejects.toThrow(
      /^not_found: No provider "nope" in aieval\.yaml; known: .*\blocal\b/,
    );
    await expect(call('secrets.set', { provider: 'local', key: '   ' })).rejects.toThrow('the key is empty');
  });

  it('under `ai-eval serve` (environment only) reports the environment and refuses to store, naming the variable', async () => {
    const { call, outputs } = appWithProviders(['cloud: { kind: openai }', 'claude: { kind: anthropic }'], undefined, {
      ANTHROPIC_API_KEY: KEY,
    });
    expect(await call('secrets.status', { provider: 'claude' })).toEqual({
      provider: 'claude',
      variable: 'ANTHROPIC_API_KEY',
      source: 'environment',
      storage: 'environment',
      restricted: false,
      userVariable: 'AIEVAL_KEY_CLAUDE',
    });
    await expect(call('secrets.set', { provider: 'cloud', key: KEY })).rejects.toThrow(
      'unavailable: This server cannot store API keys: set OPENAI_API_KEY in the environment of `ai-eval serve` and restart it',
    );
    const test = (await call('providers.test', { provider: 'cloud' })) as { problem: string; message: string };
    expect(test).toMatchObject({
      problem: 'no_key',
      message: 'No API key: set OPENAI_API_KEY in the environment of `ai-eval serve` and restart it.',
    });
    for (const output of outputs) expect(output).not.toContain(KEY);
  });
});
