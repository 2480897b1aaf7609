// Attack: any local program posts traces into the store through the dedicated OTLP receiver port. With
// settings.otlp_receiver.token_env the port requires that token as a Bearer header (as OTEL_EXPORTER_OTLP_HEADERS
// sends it); a variable named but not set keeps the receiver closed rather than open.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src-main/app/create-app';
import { TrustStore } from '../../src-main/workspace/trust';
import type { ReceiverStatus } from '../../src-shared/model';
import { jsonRequest } from '../fixtures/otlp-builder';
import { chatTrace } from '../integration/traces/traces-fixtures';
import { silentLogger } from '../support/app';
import { copyExample } from '../support/workspace';

const TOKEN = 'otlp-token-7c2e91d4';

let app: App | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

/** The service over the example with the receiver on a free port, `token_env` as given, and `env` as its environment. */
function receiverApp(tokenEnv: string | undefined, env: Record<string, string>): App {
  const setting = tokenEnv ? `, token_env: ${tokenEnv}` : '';
  const dir = copyExample({
    'aieval.yaml': (text) =>
      text.replace('settings:\n', `settings:\n  otlp_receiver: { enabled: true, port: 0${setting} }\n`),
  });
  return createApp({
    workspaceDir: dir,
    resourcesDir: join(import.meta.dirname, '..', '..', 'resources'),
    trust: new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-trust-'))),
    logger: silentLogger,
    env,
  });
}

async function apply(): Promise<{ ok: boolean; status?: ReceiverStatus; message?: string }> {
  const envelope = await app!.dispatch('traces.receiverApply', {}, { transport: 'in-process' });
  return envelope.ok
    ? { ok: true, status: envelope.value as ReceiverStatus }
    : { ok: false, message: envelope.error.message };
}

const status = async () =>
  ((await app!.dispatch('traces.receiverStatus', {}, { transport: 'in-process' })) as { value: ReceiverStatus }).value;

const items = async () =>
  ((await app!.dispatch('traces.items', {}, { transport: 'in-process' })) as { value: { total: number } }).value.total;

const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    body: JSON.stringify(jsonRequest(chatTrace(1))),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('the dedicated OTLP receiver with settings.otlp_receiver.token_env', () => {
  it('refuses a post without the token (401) or with a wrong one, and stores a post with it', async () => {
    app = receiverApp('AIEVAL_OTLP_TOKEN', { AIEVAL_OTLP_TOKEN: TOKEN });
    const applied = await apply();
    expect(applied.status).toMatchObject({ listening: true, tokenEnv: 'AIEVAL_OTLP_TOKEN' });
    const url = applied.status!.url!;

    const bare = await post(url);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer');
    expect(await bare.text()).not.toContain(TOKEN);
    expect((await post(url, { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await post(url, { Authorization: TOKEN })).status).toBe(401);
    expect(await items()).toBe(0);
    expect((await status()).requests).toBe(0); // refused before the receiver reads anything

    // OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer%20<token>" sends exactly this header.
    expect((await post(url, { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect(await items()).toBe(1);
  });

  it('stays closed when token_env names a variable that is not set, and says so', async () => {
    app = receiverApp('AIEVAL_OTLP_TOKEN', {});
    const applied = await apply();
    expect(applied.ok).toBe(false);
    expect(applied.message).toContain('token_env names AIEVAL_OTLP_TOKEN, which is not set');
    expect(await status()).toMatchObject({ enabled: true, listening: false, url: null, tokenEnv: null });
  });

  it('reports no token truthfully when token_env is not set (any local program may post)', async () => {
    app = receiverApp(undefined, {});
    const applied = await apply();
    expect(applied.status).toMatchObject({ listening: true, tokenEnv: null });
    expect((await post(applied.status!.url!)).status).toBe(200);
  });
});
