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

  // Names the example workspace does not use, so its own connections stay as they are.
  const lines = () => [
    `fake: { kind: ollama, base_url: ${fake.url} }`,
    `closed: { kind: ollama, base_url: ${closed} }`,
    'cloud: { kind: openai }',
    'tape: { kind: replay, file: recordings/none.jsonl }',
  ];

  it('lists every connection with its kind, address and key status', async () => {
    const { call } = appWithProviders(lines(), memoryKeychain(), { OPENAI_API_KEY: 'sk-env' });
    const key = (provider: string, variable: string | null = null, source: string | null = null) => ({
      provider,
      variable,
      source,
      storage: 'keychain',
      restricted: false,
      userVariable: `AIEVAL_KEY_${provider.toUpperCase()}`,
    });
    const listed = (await call('providers.list', {})) as { name: string }[];
    const byName = (name: string) => listed.find((provider) => provider.name === name);
    expect(byName('fake')).toEqual({
      name: 'fake',
      config: { kind: 'ollama', base_url: fake.url },
      address: fake.url,
      key: key('fake'),
    });
    expect(byName('closed')).toEqual({
      name: 'closed',
      config: { kind: 'ollama', base_url: closed },
      address: closed,
      key: key('closed'),
    });
    expect(byName('cloud')).toEqual({
      name: 'cloud',
      config: { kind: 'openai' },
      address: 'https://api.openai.com/v1',
      key: key('cloud', 'OPENAI_API_KEY', 'environment'),
    });
    expect(byName('tape')).toEqual({
      name: 'tape',
      config: { kind: 'replay', file: 'recordings/none.jsonl' },
      address: 'recordings/none.jsonl',
      key: key('tape'),
    });
    expect(byName('local')).toEqual({
      name: 'local',
      config: { kind: 'ollama', base_url: 'http://localhost:11434' },
      address: 'http://localhost:11434',
      key: key('local'),
    });
  });

  it('fetches the live model list, or says why it cannot', async () => {
    const { call } = appWithProviders(lines(), memoryKeychain(), {});
    expect(await call('providers.models', { provider: 'fake' })).toEqual({
      models: ['llama3.1:8b', 'qwen3:8b'],
      error: null,
    });
    const unreachable = (await call('providers.models', { provider: 'closed' })) as { models: string[]; error: string };
    expect(unreachable.models).toEqual([]);
    expect(unreachable.error).toMatch(
      new RegExp(`^Unreachable: provider "closed" \\(ollama, ${closed}/api/tags\\): network error: .*ECONNREFUSED`),
    );
  });

  it('tests a connection in words: OK, unreachable, no key, a missing cassette, and a draft before it is saved', async () => {
    const { call } = appWithProviders(lines(), memoryKeychain(), {});
    expect(await call('providers.test', { provider: 'fake' })).toMatchObject({
      ok: true,
      problem: null,
      message: `OK: connected to ${fake.url}; 2 models available.`,
      modelCount: 2,
    });
    expect(await call('providers.test', { provider: 'closed' })).toMatchObject({
      ok: false,
      problem: 'unreachable',
      modelCount: null,
    });
    expect(await call('providers.test', { provider: 'cloud' })).toMatchObject({
      problem: 'no_key',
      message: 'No API key: store a key here or set OPENAI_API_KEY in the environment.',
    });
    expect(await call('providers.test', { provider: 'tape' })).toMatchObject({
      problem: 'config',
      message: expect.stringContaining('cassette recordings/none.jsonl not found'),
    });
    expect(
      await call('providers.test', { provider: 'draft', config: { kind: 'openai', base_url: `${fake.url}/v1` } }),
    ).toMatchObject({ ok: true, modelCount: 2 });
    expect(
      await call('providers.test', { provider: 'draft', config: { kind: 'openai', base_url: `${fake.url}/nope` } }),
    ).toMatchObject({ ok: false, problem: 'not_found' });
  });

  it('saves connections and the judge keeping comments, and refuses an invalid result with its issues', async () => {
    const { call, dir } = appWithProviders([], memoryKeychain(), {});
    const file = join(dir, 'aieval.yaml');
    const before = readFileSync(file, 'utf8');
    expect(await call('providers.getJudge', {})).toEqual(parse(before).judge);

    const existing = parse(before).providers as Record<string, unknown>;
    const providers = {
      ...existing,
      local: { kind: 'ollama', base_url: 'http://127.0.0.1:11435' },
      claude: { kind: 'anthropic' },
    };
    expect(
      await call('providers.save', { providers, judge: { provider: 'claude', model: 'claude-sonnet-4-5' } }),
    ).toEqual({ issues: [] });
    const after = readFileSync(file, 'utf8');
    for (const comment of before.split('\n').filter((line) => line.trim().startsWith('#')))
      expect(after).toContain(comment);
    expect(parse(after).providers).toEqual(providers);
    expect(parse(after).judge).toEqual({ provider: 'claude', model: 'claude-sonnet-4-5' });

    const refused = (await call('providers.save', {
      providers: { claude: { kind: 'anthropic' } },
      judge: { provider: 'claude', model: 'm' },
    })) as { issues: { path: string; message: string }[] };
    expect(refused.issues.map((issue) => `${issue.path} ${issue.message}`)).toContain(
      'targets.0.provider unknown provider "local"; known: claude',
    );
    expect(readFileSync(file, 'utf8')).toBe(after);
  });
});
