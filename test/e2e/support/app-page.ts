// One served workspace and one browser page signed in to it, for a describe block: served and opened in its
// beforeAll, closed and stopped in its afterAll. A spec's own beforeAll registered before this one runs first.
// The workspace's backend is at hand too: `app.call(method, input)` calls it as a script would.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { rpc, serveExample, type Served } from './serve';

export type AppPage = {
  served: Served;
  browser: Browser;
  page: Page;
  /** Calls the served backend (POST /rpc/<method> with the API token); throws with the service's message. */
  call<T>(method: string, input: unknown): Promise<T>;
};

export type AppPageOptions = Readonly<{
  /** What to serve; default: a fresh copy of the example workspace. */
  serve?: () => Promise<Served>;
  /** The page's viewport and downloads. */
  page?: BrowserContextOptions;
  /** The page's default timeout for actions and waits (ms); default: playwright's. */
  actionTimeoutMs?: number;
  /** How long the first page may take to load (ms): a busy machine serves it slowly. */
  firstLoadTimeoutMs?: number;
  /** Runs on the new page before it loads the served URL (routes, init scripts). */
  beforeLoad?: (app: AppPage) => Promise<unknown>;
  /** How long the whole beforeAll may take (ms); default: vitest's hook timeout. */
  setupTimeoutMs?: number;
  /** Runs first in the afterAll, before the browser closes (release held answers, wait for a CLI). */
  beforeStop?: () => Promise<void> | void;
  /** Runs last in the afterAll, once the server has stopped (close the fake provider `serve` started). */
  afterStop?: () => Promise<void> | void;
}>;

/** Registers the describe block's beforeAll and afterAll; the returned object is filled in by the beforeAll. */
export function appPageForSuite(options: AppPageOptions = {}): AppPage {
  const app = { call: (method, input) => rpc(app.served, method, input) } as AppPage;
  beforeAll(async () => {
    app.served = await (options.serve ?? serveExample)();
    app.browser = await launchBrowser();
    app.page = await app.browser.newPage(options.page);
    if (options.actionTimeoutMs) app.page.setDefaultTimeout(options.actionTimeoutMs);
    await options.beforeLoad?.(app);
    await app.page.goto(app.served.url, { timeout: options.firstLoadTimeoutMs });
  }, options.setupTimeoutMs);
  afterAll(async () => {
    await options.beforeStop?.();
    await app.browser?.close();
    await app.served?.stop();
    await options.afterStop?.();
  });
  return app;
}
