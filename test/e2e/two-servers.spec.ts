// Two `ai-eval serve` on different ports in one browser context: each keeps its own session cookie, so both tabs
// keep working, and a used link opens the app again in the browser that already holds its cookie.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { PortfolioPage } from './pages/portfolio.page';
import { ResultsPage } from './pages/results.page';
import { CLI_FROM_SOURCES } from '../support/cli';
import { launchBrowser } from './support/browser';
import { serveExample, type Served } from './support/serve';

/** A call from the page itself, with the cookie the browser attaches: the status the server answered. */
const rpcStatus = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/rpc/datasets.list', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    return response.status;
  });

describe('two served workspaces in one browser', () => {
  let first: Served;
  let second: Served;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [first, second] = await Promise.all([serveExample(), serveExample()]);
    browser = await launchBrowser();
    context = await browser.newContext();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('keeps both tabs working, and a used link just opens the app', async () => {
    expect(first.origin).not.toBe(second.origin);
    const tabA = await context.newPage();
    await tabA.goto(first.url);
    await new PortfolioPage(tabA).open(first.origin);
    const tabB = await context.newPage();
    await tabB.goto(second.url);
    await new PortfolioPage(tabB).open(second.origin);

    // The second server's cookie did not replace the first's: each tab's calls still pass.
    expect(await rpcStatus(tabA)).toBe(200);
    expect(await rpcStatus(tabB)).toBe(200);
    await tabA.reload();
    await new PortfolioPage(tabA).open(first.origin);
    expect(await tabA.getByText('Missing or wrong token').count()).toBe(0);
    const names = (await context.cookies()).map((cookie) => cookie.name).sort();
    expect(names).toEqual(
      [`aieval_token_${new URL(first.origin).port}`, `aieval_token_${new URL(second.origin).port}`].sort(),
    );

    // The first link again, already used: the browser holds the cookie, so the app opens (no "already used").
    const tabC = await context.newPage();
    const response = await tabC.goto(first.url);
    expect(response?.status()).toBe(200);
    expect(new URL(tabC.url()).search).toBe('');
    await new PortfolioPage(tabC).open(first.origin);
    expect(await tabC.getByText('already used').count()).toBe(0);

    // A fresh context (no cookie) is refused the used link, and offered the way in: the API token, no restart.
    const stranger = await browser.newPage();
    const refused = await stranger.goto(first.url);
    expect(refused?.status()).toBe(401);
    expect(await stranger.getByTestId('signin-note').textContent()).toContain('This link was already used');
    expect(await stranger.getByTestId('portfolio').count()).toBe(0);
    await stranger.getByTestId('signin-token').fill('not-the-token');
    await stranger.getByTestId('signin-submit').click();
    await stranger.getByText('That is not the API token of this server').waitFor();
    await stranger.getByTestId('signin-token').fill(first.apiToken);
    await stranger.getByTestId('signin-submit').click();
    await stranger.getByTestId('portfolio').waitFor();
    expect(await rpcStatus(stranger)).toBe(200);
    expect(await stranger.getByText('already used').count()).toBe(0);
    expect(await stranger.getByText('Missing or wrong token').count()).toBe(0);

    // The bare address in yet another browser: the sign-in page, never an app whose every call fails.
    const bare = await browser.newPage();
    const page = await bare.goto(`${first.origin}/#/targets`);
    expect(page?.status()).toBe(401);
    await bare.getByTestId('signin-token').waitFor();
    expect(await bare.getByTestId('portfolio').count()).toBe(0);
  });

  it('shows a run that the CLI starts beside the server in Results, live, with no navigation', async () => {
    const tab = await context.newPage();
    await new PortfolioPage(tab).open(second.origin);
    await tab.getByTestId('nav-results').click();
    await tab.getByTestId('target-health').waitFor();
    const before = await new ResultsPage(tab).runLinks().count();
    const run = spawn(
      process.execPath,
      [CLI_FROM_SOURCES, 'run', '--workspace', second.workspaceDir, '--target', 'helpdesk_chat_offline'],
      { env: { ...process.env, AIEVAL_CONFIG_DIR: second.configDir, CI: 'true' }, stdio: 'ignore' },
    );
    const exited = new Promise<number | null>((resolve) => run.once('exit', resolve));
    await expect.poll(() => new ResultsPage(tab).runLinks().count(), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await exited).toBe(0);
  });
});
