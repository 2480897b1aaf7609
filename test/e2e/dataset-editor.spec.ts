import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { serveExample, type Served } from './support/serve';
import { DatasetEditorPage } from './pages/dataset-editor.page';

describe('dataset editor', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    served = await serveExample();
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(served.url);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('flags a key typo with its did-you-mean, clears it when fixed, and saves keeping comments', async () => {
    const editor = new DatasetEditorPage(page);
    const file = join(served.workspaceDir, 'datasets', 'helpdesk.yaml');
    const before = readFileSync(file, 'utf8');
    await editor.open(served.origin, 'helpdesk');
    await expect.poll(() => editor.problems().textContent()).toContain('No problems');

    await editor.replaceFirst('expected_tools:', 'expected_tool:');
    await expect.poll(() => editor.problems().textContent(), { timeout: 10000 }).toContain('unknown key "expected_tool"; did you mean "expected_tools"?');
    await expect.poll(() => editor.errorSquiggles().count()).toBeGreaterThan(0);

    await editor.replaceFirst('expected_tool:', 'expected_tools:');
    await editor.replaceFirst('version: 1.0.0', 'version: 1.1.0');
    await expect.poll(() => editor.problems().textContent(), { timeout: 10000 }).toContain('No problems');
    await editor.save();

    const after = readFileSync(file, 'utf8');
    expect(after).not.toBe(before);
    expect(after).toContain('version: 1.1.0');
    expect(after).toContain('# Questions the Riverside Library help desk gets every week.');
    expect(after.replace('version: 1.1.0', 'version: 1.0.0')).toBe(before);
  });
});
