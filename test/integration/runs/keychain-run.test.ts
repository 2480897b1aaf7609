import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import type { RunFinished } from '../../../src-shared/model';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript } from '../../fixtures/fake-scripts';
import { memoryKeychain } from '../../unit/app/memory-keychain';
import { appWithProviders } from '../../unit/app/handlers/connections-fixture';

const KEY = 'sk-run-7d1e0c2b9a';

describe('a key stored in the keychain reaches the provider of a run', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer({
      script: judgeScript({ score: 4, reason: 'fine' }, () => ({ text: 'Open 12:00 to 17:00 on Sundays.' })),
    });
  });
  afterAll(() => server.close());

  it('runs with the stored key sent as the bearer token, and no output carries it', async () => {
    const { app, call, outputs, dir } = appWithProviders(
      [`cloud: { kind: openai, base_url: ${server.openaiUrl}, api_key_env: AIEVAL_TEST_RUN_KEY }`],
      memoryKeychain(),
      {},
    );
    const file = join(dir, 'aieval.yaml');
    // The chat target answers through the keyed connection; the judge runs on the (fake) local server.
    const doc = parseDocument(readFileSync(file, 'utf8'));
    doc.setIn(['providers', 'local', 'base_url'], server.url);
    doc.set('judge', doc.createNode({ provider: 'local', model: 'llama3.1:8b' }));
    const chat = (doc.toJS().targets as { id: string }[]).findIndex((target) => target.id === 'helpdesk_chat');
    doc.setIn(['targets', chat, 'provider'], 'cloud');
    doc.setIn(['targets', chat, 'enabled'], true);
    writeFileSync(file, doc.toString());
    const finished = new Promise<RunFinished>((resolve) =>
      app.events.subscribe((name, payload) => name === 'runs.finished' && resolve(payload as RunFinished)),
    );

    await call('secrets.set', { provider: 'cloud', key: KEY });
    const { runId } = (await call('runs.start', { targetId: 'helpdesk_chat' })) as { runId: string };
    expect((await finished).runId).toBe(runId);

    const openai = server.requests.filter((request) => request.api === 'openai');
    expect(openai.length).toBeGreaterThan(0);
    expect(openai.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    for (const output of outputs) expect(output).not.toContain(KEY);
    await app.dispose();
  });
});
