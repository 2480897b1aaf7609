import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import { sessionCookieName } from '../../../src-main/http/server';
import { createTestApp, serveTestApp, type ServedApp } from '../../support/app';

type Loose = { ok: boolean; value?: Array<Record<string, unknown>>; error?: { code: string; message: string } };
const envelopeOf = async (response: Response) => (await response.json()) as Loose;

describe('HTTP shell', () => {
  let app: App;
  let served: ServedApp;
  let base: string;
  const token = 'test-token-123';
  const urlToken = 'url-token-456';
  const post = (method: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/rpc/${method}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    });

  beforeAll(async () => {
    app = createTestApp();
    served = await serveTestApp(app, { token, urlToken });
    base = served.base;
  });

  afterAll(() => served.close());

  it('answers a call with the envelope', async () => {
    const response = await post('datasets.list', '{}');
    expect(response.status).toBe(200);
    const body = await envelopeOf(response);
    expect(body.ok).toBe(true);
    expect(body.value?.[0]).toMatchObject({ id: 'helpdesk', errorCount: 0 });
  });

  it('answers 400 with a typed error for malformed input and for a body that is not JSON', async () => {
    const wrongType = await post('datasets.get', JSON.stringify({ id: 42 }));
    expect(wrongType.status).toBe(400);
    expect((await envelopeOf(wrongType)).error?.code).toBe('bad_input');
    const notJson = await post('datasets.get', '{id:');
    expect(notJson.status).toBe(400);
    expect((await envelopeOf(notJson)).error).toMatchObject({ code: 'bad_input' });
    const badId = await post('datasets.get', JSON.stringify({ id: '../../etc/passwd' }));
    expect(badId.status).toBe(400);
  });

  it('answers 401 without the token, and 404 for an unknown method', async () => {
    const anonymous = await fetch(`${base}/rpc/datasets.list`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
    expect((await envelopeOf(anonymous)).ok).toBe(false);
    const wrong = await post('datasets.list', '{}', { Authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect((await post('nothing.here', '{}')).status).toBe(404);
  });

  it('trades the one-time URL token for a cookie and streams events over SSE', async () => {
    const page = await fetch(`${base}/?token=${urlToken}`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/');
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    // The name carries the port, so another `ai-eval serve` on this host keeps its own cookie.
    expect(cookie).toBe(`${sessionCookieName(Number(new URL(base).port))}=${token}`);
    const again = await fetch(`${base}/?token=${urlToken}`, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    // The used link, from a browser that holds the cookie, just opens the app.
    const reopened = await fetch(`${base}/?token=${urlToken}`, { redirect: 'manual', headers: { Cookie: cookie } });
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get('location')).toBe('/');
    expect(reopened.headers.get('set-cookie')).toBeNull();
    // Another port's cookie with the same value is not this server's session.
    const foreign = await fetch(`${base}/rpc/datasets.list`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Cookie: `aieval_token_1=${token}` },
    });
    expect(foreign.status).toBe(401);
    const events = await fetch(`${base}/events`, { headers: { Cookie: cookie } });
    expect(events.headers.get('content-type')).toBe('text/event-stream');
    const reader = events.body!.getReader();
    await reader.read();
    app.events.emit('workspace.changed', { file: 'aieval.yaml' });
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe(
      'data: {"name":"workspace.changed","payload":{"file":"aieval.yaml"}}\n\n',
    );
    await reader.cancel();
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      const req = request(
        `${base}/rpc/datasets.list`,
        {
          method: 'POST',
          headers: { Host: 'evil.example', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.end('{}');
    });
    expect(status).toBe(403);
  });
});
