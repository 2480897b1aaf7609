// The typed client over the HTTP transport against the real HTTP shell and service: answers as JSON carries them,
// refusals with their code, the Bearer token, and the contract's events over SSE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import type { Contract } from '../../../src-shared/contract';
import { createClient } from '../../../src-shared/rpc/client';
import type { Client } from '../../../src-shared/rpc/define';
import { httpTransport } from '../../../src-shared/rpc/http-transport';
import { RpcError } from '../../../src-shared/rpc/wire';
import { createTestApp, serveTestApp, type ServedApp } from '../../support/app';
import { closedPort } from '../../support/closed-port';

describe('createClient over HTTP (ai-eval serve)', () => {
  let app: App;
  let served: ServedApp;
  let origin: string;
  let client: Client<Contract>;
  const token = 'client-test-token';

  beforeAll(async () => {
    app = createTestApp();
    served = await serveTestApp(app, { token });
    origin = served.base;
    client = createClient<Contract>(httpTransport({ origin, token }));
  });

  afterAll(() => served.close());

  it('answers a typed call with the value the service returned', async () => {
    const info = await client['workspace.get']({});
    expect(info.dir).toBe(app.state.dir);
    const datasets = await client['datasets.list']({});
    expect(datasets.map((d) => d.id)).toContain('helpdesk');
  });

  it('throws a refusal as RpcError with its code, and bad input as bad_input', async () => {
    const missing = await client['datasets.get']({ id: 'no_such_dataset' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(RpcError);
    expect(missing).toMatchObject({ code: 'not_found' });
    const bad = await client['datasets.get']({ id: 'Not An Id!' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'bad_input' });
  });

  it('is refused without the token, and reports an unreachable server as unavailable', async () => {
    const anonymous = createClient<Contract>(httpTransport({ origin }));
    await expect(anonymous['workspace.get']({})).rejects.toMatchObject({ code: 'bad_input' });
    const closed = createClient<Contract>(httpTransport({ origin: `http://127.0.0.1:${await closedPort()}`, token }));
    await expect(closed['workspace.get']({})).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('follows the contract events over SSE until unsubscribed', async () => {
    const files: string[] = [];
    const off = client.on('workspace.changed', (payload) => files.push(payload.file));
    // The stream connects asynchronously: emit until the first event arrives (bounded), then once more.
    for (let attempt = 0; attempt < 50 && files.length === 0; attempt++) {
      app.events.emit('workspace.changed', { file: 'datasets/helpdesk.yaml' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(files[0]).toBe('datasets/helpdesk.yaml');
    const before = files.length;
    app.events.emit('workspace.changed', { file: 'aieval.yaml' });
    for (let wait = 0; wait < 50 && files.length === before; wait++) await new Promise((r) => setTimeout(r, 20));
    expect(files.at(-1)).toBe('aieval.yaml');
    off();
  });
});
