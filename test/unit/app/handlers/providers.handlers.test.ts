import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startFakeProviderServer, type FakeProviderServer } from '../../../fixtures/fake-provider-server';
import { memoryKeychain } from '../memory-keychain';
import { appWithProviders, closedAddress } from './connections-fixture';

describe('providers handlers', () => {
  let fake: FakeProviderServer;
  let closed: string;
  beforeAll(async () => {
    fake = await startFakeProviderServer({ models: ['qwen3:8b', 'llama3.1:8b'] });
    closed = await closedAddress();
  });
  afterAll(() => fake.close());

  const lines = () => [`fake: { kind: ollama, base_url: ${fake.url} }`, `offline: { kind: ollama, base_url: ${closed} }`, 'cloud: { kind: openai }', 'tape: { kind: replay, file: recordings/none.jsonl }'];

  it('lists every connection with its kind, address and key status', async () => {
    const { call } = appWithProviders(lines(), memoryKeychain(), { OPENAI_API_KEY: 'sk-env' });
    expect(await call('providers.list', {})).toEqual([
      { name: 'fake', kind: 'ollama', baseUrl: fake.url, address: fake.url, apiKeyEnv: null, file: null, key: { provider: 'fake', variable: null, source: null, storage: 'keychain' } },
      { name: 'offline', kind: 'ollama', baseUrl: closed, address: closed, apiKeyEnv: null, file: null, key: { provider: 'offline', variable: null, source: null, storage: 'keychain' } },
      { name: 'cloud', kind: 'openai', baseUrl: null, address: 'https://api.openai.com/v1', apiKeyEnv: null, file: null, key: { provider: 'cloud', variable: 'OPENAI_API_KEY', source: 'environment', storage: 'keychain' } },
      { name: 'tape', kind: 'replay', baseUrl: null, address: 'recordings/none.jsonl', apiKeyEnv: null, file: 'recordings/none.jsonl', key: { provider: 'tape', variable: null, source: null, storage: 'keychain' } },
      { name: 'local', kind: 'ollama', baseUrl: 'http://localhost:11434', address: 'http://localhost:11434', apiKeyEnv: null, file: null, key: { provider: 'local', variable: null, source: null, storage: 'keychain' } },
    ]);
  });

  it('fetches the live model list, or says why it cannot', async () => {
    const { call } = appWithProviders(lines(), memoryKeychain(), {});
    expect(await call('providers.models', { provider: 'fake' })).toEqual({ models: ['llama3.1:8b', 'qwen3:8b'], error: null });
    const offline = (await call('providers.models', { provider: 'offline' })) as { models: string[]; error: string };
    expect(offline.models).toEqual([]);
    expect(offline.error).toMatch(new RegExp(`^Unreachable: provider "offline" \\(ollama, ${closed}/api/tags\\): network error: .*ECONNREFUSED`));
  });

  it('tests a connection in words: OK, unreachable, no key, a missing cassette, and a draft before it is saved', async () => {
    const { call } = appWithProviders(lines(), memoryKeychain(), {});
    expect(await call('providers.test', { provider: 'fake' })).toMatchObject({ ok: true, problem: null, message: `OK: connected to ${fake.url}; 2 models available.`, modelCount: 2 });
    expect(await call('providers.test', { provider: 'offline' })).toMatchObject({ ok: false, problem: 'unreachable', modelCount: null });
    expect(await call('providers.test', { provider: 'cloud' })).toMatchObject({ problem: 'no_key', message: 'No API key: store a key here or set OPENAI_API_KEY in the environment.' });
    expect(await call('providers.test', { provider: 'tape' })).toMatchObject({ problem: 'config', message: expect.stringContaining('cassette recordings/none.jsonl not found') });
    expect(await call('providers.test', { provider: 'draft', config: { kind: 'openai', base_url: `${fake.url}/v1` } })).toMatchObject({ ok: true, modelCount: 2 });
    expect(await call('providers.test', { provider: 'draft', config: { kind: 'openai', base_url: `${fake.url}/nope` } })).toMatchObject({ ok: false, problem: 'not_found' });
  });

  it('saves connections and the judge keeping comments, and refuses an invalid result with its issues', async () => {
    const { call, dir } = appWithProviders([], memoryKeychain(), {});
    const file = join(dir, 'aieval.yaml');
    const before = readFileSync(file, 'utf8');
    const judge = await call('providers.getJudge', {});
    expect(judge).toEqual({ provider: 'local', model: 'llama3.1:8b' });

    const providers = { local: { kind: 'ollama', base_url: 'http://127.0.0.1:11435' }, claude: { kind: 'anthropic' } };
    expect(await call('providers.save', { providers, judge: { provider: 'claude', model: 'claude-sonnet-4-5' } })).toEqual({ issues: [] });
    const after = readFileSync(file, 'utf8');
    for (const comment of before.split('\n').filter((line) => line.trim().startsWith('#'))) expect(after).toContain(comment);
    expect(parse(after).providers).toEqual(providers);
    expect(parse(after).judge).toEqual({ provider: 'claude', model: 'claude-sonnet-4-5' });

    const refused = (await call('providers.save', { providers: { claude: { kind: 'anthropic' } }, judge: { provider: 'claude', model: 'm' } })) as { issues: { path: string; message: string }[] };
    expect(refused.issues.map((issue) => `${issue.path} ${issue.message}`)).toContain('targets.0.provider unknown provider "local"; known: claude');
    expect(readFileSync(file, 'utf8')).toBe(after);
  });
});
