// Two `ai-eval serve` on different ports in one browser context: each keeps its own session cookie, so both tabs
// keep working, and a used link opens the app again in the browser that already holds its cookie.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortfolioPage } from './pages/portfolio.page';
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

    // A fresh context (no cookie) is still refused the used link.
    const stranger = await browser.newPage();
    const refused = await stranger.goto(first.url);
    expect(refused?.status()).toBe(401);
    expect(await stranger.textContent('body')).toContain('already used');
  });
});
