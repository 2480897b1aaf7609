import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import { createHttpShell } from '../../../src-main/http/server';
import type { ReceiverStatus, ReviewItem } from '../../../src-shared/model';
import { encodeProtoRequest, jsonRequest } from '../../fixtures/otlp-builder';
import { callApp, createTestApp } from '../../support/app';
import { backendWorkspace, type BackendWorkspace } from '../../support/backend-workspace';
import { describeBackends } from '../../support/store-backends';
import { chatTrace, spanId, traceId } from './traces-fixtures';

let app: App | undefined;
let shell: Server | undefined;
let workspace: BackendWorkspace | undefined;
afterEach(async () => {
  await new Promise((resolve) => (shell ? shell.close(resolve) : resolve(undefined)));
  shell = undefined;
  await app?.dispose();
  await workspace?.dispose();
  workspace = undefined;
});

const call = <T>(method: string, input: unknown) => callApp<T>(app!, method, input);

/** `ai-eval serve`'s HTTP shell with the app's routes, on a free port; returns its base URL. */
async function serve(): Promise<string> {
  shell = createHttpShell({
    dispatch: app!.dispatch,
    events: app!.events,
    token: 'secret',
    routes: await app!.routes(),
  });
  await new Promise<void>((resolve) => shell!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
}

/** A POST as an OTLP exporter sends it, with the serve token (the dedicated receiver ignores it). */
const post = (url: string, body: Buffer | string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', body, headers: { Authorization: 'Bearer secret', ...headers } });

describeBackends('the OTLP/HTTP receiver', (backend) => {
  /** The service over a copy of the example (with `edits`) whose store is on this backend. */
  const appOn = (edits: Parameters<typeof backendWorkspace>[1] = {}) => {
    workspace = backendWorkspace(backend, edits);
    return createTestApp(workspace.dir, { store: workspace.store });
  };

  it('takes JSON and gzipped protobuf on POST /v1/traces of `ai-eval serve`, and tells the UI', async () => {
    app = appOn();
    const base = await serve();
    const received: unknown[] = [];
    app.events.subscribe((name, payload) => name === 'traces.received' && received.push(payload));

    const json = await post(`${base}/v1/traces`, JSON.stringify(jsonRequest(chatTrace(1))), {
      'Content-Type': 'application/json',
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({});
    const proto = await post(`${base}/v1/traces`, gzipSync(encodeProtoRequest(jsonRequest(chatTrace(2)))), {
      'Content-Type': 'application/x-protobuf',
      'Content-Encoding': 'gzip',
    });
    expect(proto.status).toBe(200);
    expect(proto.headers.get('content-type')).toBe('application/x-protobuf');
    expect((await proto.arrayBuffer()).byteLength).toBe(0);

    expect(received).toEqual([
      { spans: 1, reviewItems: 1 },
      { spans: 1, reviewItems: 1 },
    ]);
    const items = await call<{ items: ReviewItem[] }>('traces.items', {});
    expect(items.items.map((i) => i.traceId).sort()).toEqual([traceId(1), traceId(2)]);
    expect(await call<ReceiverStatus>('traces.receiverStatus', {})).toMatchObject({
      enabled: false,
      listening: false,
      requests: 2,
      spans: 2,
    });
  });

  it('answers a partial success for bad spans, 400 for an undecodable body and 415 for other content types', async () => {
    app = appOn();
    const base = await serve();
    const request = jsonRequest([
      ...chatTrace(3),
      { traceId: 'zz', spanId: spanId(3, 2), name: 'bad', startNs: '1', endNs: '2' },
    ]);
    const partial = await post(`${base}/v1/traces`, JSON.stringify(request), { 'Content-Type': 'application/json' });
    expect(partial.status).toBe(200);
    expect(await partial.json()).toEqual({
      partialSuccess: {
        rejectedSpans: '1',
        errorMessage: expect.stringMatching(/^1 span rejected: .*traceId "zz"/),
      },
    });

    const garbage = await post(`${base}/v1/traces`, '{"resourceSpans": nope', { 'Content-Type': 'application/json' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({
      code: 3,
      message: expect.stringMatching(/^Nothing could be decoded: not valid JSON/),
    });
    const protoGarbage = await post(`${base}/v1/traces`, Buffer.from([0x0a, 0x50, 0x01]), {
      'Content-Type': 'application/x-protobuf',
    });
    expect(protoGarbage.status).toBe(400);
    expect(Buffer.from(await protoGarbage.arrayBuffer()).toString('utf8')).toMatch(/Nothing could be decoded/);

    // The OTLP spec makes an empty request a valid, empty export; a BOM-prefixed body is JSON too.
    const empty = await post(`${base}/v1/traces`, '{}', { 'Content-Type': 'application/json' });
    expect(empty.status).toBe(200);
    const bom = await post(`${base}/v1/traces`, `\uFEFF${JSON.stringify(jsonRequest(chatTrace(5)))}`, {
      'Content-Type': 'application/json',
    });
    expect(bom.status).toBe(200);

    expect((await post(`${base}/v1/traces`, 'x', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(
      (await post(`${base}/v1/traces`, 'x', { 'Content-Type': 'application/json', 'Content-Encoding': 'br' })).status,
    ).toBe(415);
  });

  it('runs as its own loopback listener when settings.otlp_receiver is enabled, and stops when it is disabled', async () => {
    app = appOn({
      'aieval.yaml': (text) => text.replace('settings:\n', 'settings:\n  otlp_receiver: { enabled: true, port: 0 }\n'),
    });
    const status = await call<ReceiverStatus>('traces.receiverApply', {});
    expect(status).toMatchObject({ enabled: true, listening: true });
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/traces$/);

    const response = await post(status.url!, JSON.stringify(jsonRequest(chatTrace(4))), {
      'Content-Type': 'application/json',
    });
    expect(response.status).toBe(200);
    expect((await call<{ total: number }>('traces.items', {})).total).toBe(1);
    expect((await fetch(status.url!.replace('/v1/traces', '/rpc/traces.items'), { method: 'POST' })).status).toBe(404);

    // A page on another host name must not reach the loopback receiver (DNS rebinding).
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        status.url!,
        { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json' } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(rebound).toBe(403);

    // A page in the user's browser sends its Origin; an exporter sends none. The receiver refuses the page, as serve does.
    const fromPage = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        status.url!,
        { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(jsonRequest(chatTrace(6))));
    });
    expect(fromPage.status).toBe(403);
    expect(fromPage.body).toContain('Cross-origin requests are refused');
    expect((await call<{ total: number }>('traces.items', {})).total).toBe(1);

    const config = join(workspace!.dir, 'aieval.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('otlp_receiver: { enabled: true', 'otlp_receiver: { enabled: false'),
    );
    expect(await call<ReceiverStatus>('traces.receiverApply', {})).toMatchObject({
      enabled: false,
      listening: false,
      url: null,
    });
  });
});
