// A fake provider server for a describe block, and the app a test opens on it, disposed after each test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { App } from '../../src-main/app/create-app';
import { startFakeProviderServer, type FakeProviderServer } from '../fixtures/fake-provider-server';

export type FakeProviderSuite = { server: FakeProviderServer; app: App | undefined };

/** Registers the hooks; the server is there from the block's beforeAll, `app` is for each test to set. */
export function fakeProviderSuite(): FakeProviderSuite {
  const suite: FakeProviderSuite = { server: undefined as unknown as FakeProviderServer, app: undefined };
  beforeAll(async () => {
    suite.server = await startFakeProviderServer();
  });
  afterAll(() => suite.server.close());
  afterEach(async () => {
    await suite.app?.dispose();
    suite.app = undefined;
  });
  return suite;
}
