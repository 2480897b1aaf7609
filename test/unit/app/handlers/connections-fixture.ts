// Test fixture: the example workspace with extra provider connections (fake server, closed port, a 401 server), served by createApp.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../../../src-main/app/create-app';
import type { Env, SecretStore } from '../../../../src-main/app/secrets';
import { TrustStore } from '../../../../src-main/workspace/trust';
import { silentLogger } from '../../../support/app';
import { copyExample } from '../../../support/workspace';

export async function listenOnce(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An address where nothing listens: a port taken, then released. */
export async function closedAddress(): Promise<string> {
  const server = createServer();
  const url = await listenOnce(server);
  await new Promise((resolve) => server.close(resolve));
  return url;
}

/** A server that refuses every key with 401, echoing the Authorization header the way careless servers do. */
export async function refusingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { message: `Incorrect API key provided: ${String(req.headers.authorization).replace(/^Bearer /, '')}` },
      }),
    );
  });
  const url = await listenOnce(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export type Call = (method: string, input: unknown) => Promise<unknown>;

/**
 * createApp over the example plus `providers` lines appended under `providers:`, with the given keychain and
 * environment; trusted unless `trusted: false` (restricted mode reads no `api_key_env`, docs/security.md).
 */
export function appWithProviders(
  lines: readonly string[],
  secrets: SecretStore | undefined,
  env: Env,
  options: { trusted?: boolean } = {},
): { app: App; dir: string; call: Call; outputs: string[] } {
  const dir = copyExample({
    'aieval.yaml': (text) =>
      text.replace(/^providers:\n/m, `providers:\n${lines.map((line) => `  ${line}\n`).join('')}`),
  });
  const trust = new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-trust-')));
  if (options.trusted ?? true) trust.trust(dir);
  const app = createApp({
    workspaceDir: dir,
    resourcesDir: join(import.meta.dirname, '..', '..', '..', '..', 'resources'),
    trust,
    logger: silentLogger,
    checkOutputs: true,
    env,
    ...(secrets ? { secrets } : {}),
  });
  const outputs: string[] = [];
  const call: Call = async (method, input) => {
    const envelope = await app.dispatch(method, input, { transport: 'in-process' });
    outputs.push(JSON.stringify(envelope));
    if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
    return envelope.value;
  };
  return { app, dir, call, outputs };
}
