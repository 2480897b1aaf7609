// Optimize checks a target as ▶ Run does (issue 49): off for a disabled target, and against a connection that does not
// answer the preflight's findings come first and no job starts, until "Optimize anyway".
import { describe, expect, it } from 'vitest';
import { appPageForSuite } from './support/app-page';
import { serveEditedExample } from './support/serve';

/** A loopback port nothing listens on: the local connection is refused at once. */
const NOBODY = 'http://127.0.0.1:9';

describe('Optimize and the preflight', () => {
  const app = appPageForSuite({
    serve: () =>
      serveEditedExample({
        'aieval.yaml': (text) =>
          text
            .replace('http://localhost:11434', NOBODY)
            .replace('enabled: false # needs the local Ollama (see the top of this file)', 'enabled: true'),
      }),
  });

  it('is off for a disabled target and says why', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/optimizer`);
    const optimize = page.getByTestId('optimize-helpdesk_agent');
    await optimize.waitFor();
    expect(await optimize.isDisabled()).toBe(true);
    expect(await page.getByTestId('optimize-disabled-helpdesk_agent').innerText()).toMatch(
      /^Disabled \(enabled: false in aieval\.yaml\): Optimize is off/,
    );
    expect(await page.getByTestId('optimize-helpdesk_chat').isDisabled()).toBe(false);
  });

  it('shows what the preflight found against an unreachable server and starts no job', async () => {
    const { page } = app;
    await page.getByTestId('optimize-helpdesk_chat').click();
    const found = page.getByTestId('optimize-preflight-helpdesk_chat');
    await expect.poll(() => found.innerText()).toMatch(/^Not started: the preflight found /);
    expect(await found.innerText()).toMatch(/not reachable/);
    expect(await page.getByTestId('job-helpdesk_chat').count()).toBe(0);
    expect(await page.getByTestId('optimize-anyway-helpdesk_chat').isVisible()).toBe(true);
  });
});
