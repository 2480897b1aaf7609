// Launches Debian's Chromium through playwright-core, headless, with the flags these machines need.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error('Chromium not found: install it (`apt-get install -y chromium`) or set CHROMIUM_PATH.');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

const leaving = new WeakSet<Page>();

/**
 * Lets a test navigate away from a page whose unsaved edits an earlier test left behind: the browser's
 * "leave this page?" question is answered yes. The app's own leave prompt is tested in unsaved-work.spec.ts.
 */
export async function freshPage(page: Page, url: string): Promise<void> {
  if (!leaving.has(page)) {
    leaving.add(page);
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : undefined));
  }
  await page.goto('about:blank');
  await page.goto(url);
}
