// Test helper: the service (createApp) over a temp copy of the example, with its own trust file; calling it in process
// and serving it over the HTTP shell on a loopback port.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createApp, type App } from '../../src-main/app/create-app';
import type { Logger } from '../../src-main/app/logger';
import type { SecretStore } from '../../src-main/app/secrets';
import { createHttpShell, type HttpShellOptions } from '../../src-main/http/server';
import { TrustStore } from '../../src-main/workspace/trust';
import type { StoreOptions } from './backend-workspace';
import { copyExample } from './workspace';

export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The service over `workspaceDir`; `store` points it at a team store (backend-workspace.ts) instead of its own file. */
export function createTestApp(
  workspaceDir = copyExample(),
  options: { trusted?: boolean; store?: StoreOptions; logger?: Logger; secrets?: SecretStore } = {},
): App {
  const trust = new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-trust-')));
  if (options.trusted) trust.trust(workspaceDir);
  return createApp({
    workspaceDir,
    resourcesDir: join(import.meta.dirname, '..', '..', 'resources'),
    trust,
    logger: options.logger ?? silentLogger,
    secrets: options.secrets,
    checkOutputs: true,
    ...options.store,
  });
}

/** Registers an afterEach that disposes the app a test opened last; `open` hands that app back for the test to use. */
export function appPerTest(): { open(app: App): App } {
  let current: App | undefined;
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  return { open: (app) => (current = app) };
}

/** One call through the service in process: its value, or an error naming the method and the refusal. */
export async function callApp<T>(app: App, method: string, input: unknown): Promise<T> {
  const envelope = await app.dispatch(method, input, { transport: 'in-process' });
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
  return envelope.value as T;
}

export type ServedApp = Readonly<{ base: string; close(): Promise<void> }>;

/** `app` behind the HTTP shell on a loopback port; close() stops the server and disposes the app. */
export async function serveTestApp(
  app: App,
  tokens: Pick<HttpShellOptions, 'token' | 'urlToken'> = {},
): Promise<ServedApp> {
  const server = createHttpShell({ dispatch: app.dispatch, events: app.events, ...tokens });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.dispose();
    },
  };
}
