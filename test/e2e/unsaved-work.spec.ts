import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lineDiff } from '../../src-shared/text/line-diff';
import { launchBrowser } from './support/browser';
import { serveExample, type Served } from './support/serve';
import { DatasetEditorPage } from './pages/dataset-editor.page';
import { SettingsPage } from './pages/settings.page';
import { UnsavedPage } from './pages/unsaved.page';

const SHOTS = process.env.AIEVAL_SCREENSHOTS;

describe('unsaved work is never lost', () => {
  let served: Served;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let file: string;
  let original: string;
  let config: string;
  let originalConfig: string;

  beforeAll(async () => {
    served = await serveExample();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
    // The served URL's one-time token signs the context in; every test's page shares it.
    page = await context.newPage();
    await page.goto(served.url);
    file = join(served.workspaceDir, 'datasets', 'helpdesk.yaml');
    config = join(served.workspaceDir, 'aieval.yaml');
    original = readFileSync(file, 'utf8');
    originalConfig = readFileSync(config, 'utf8');
  });

  let current: Page;
  beforeEach(async () => {
    await page?.close({ runBeforeUnload: false });
    page = current = await context.newPage();
    writeFileSync(file, original);
    writeFileSync(config, originalConfig);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  const ids = () => parse(readFileSync(file, 'utf8')).questions.map((q: { id: string }) => q.id) as string[];

  it('asks before leaving a dataset with a new question: discard restores the file, save writes it', async () => {
    const editor = new DatasetEditorPage(current);
    const unsaved = new UnsavedPage(current);
    await editor.open(served.origin, 'helpdesk');
    await current.getByTestId('add-question').click();
    await current.getByTestId('dataset-dirty').waitFor();
    await unsaved.navDirty('datasets').waitFor();

    await unsaved.leaveTo('targets');
    await unsaved.prompt().waitFor();
    expect(await unsaved.prompt().textContent()).toContain('datasets/helpdesk.yaml has changes that are not saved');
    if (SHOTS) await current.screenshot({ path: join(SHOTS, 'unsaved-prompt-dataset.png') });
    await unsaved.choose('Stay');
    expect(current.url()).toContain('#/datasets/helpdesk');
    await current.getByTestId('qrow-new_question').waitFor();

    await unsaved.leaveTo('targets');
    await unsaved.choose('Discard changes');
    await expect.poll(() => current.url()).toContain('#/targets');
    expect(readFileSync(file, 'utf8')).toBe(original);
    await editor.open(served.origin, 'helpdesk');
    expect(await current.getByTestId('qrow-new_question').count()).toBe(0);

    await current.getByTestId('add-question').click();
    await unsaved.leaveTo('results');
    await unsaved.choose('Save');
    await expect.poll(() => current.url()).toContain('#/results');
    expect(ids().at(-1)).toBe('new_question');
    expect(lineDiff(original, readFileSync(file, 'utf8')).removed).toEqual([]);
    expect(await unsaved.navDirty('datasets').count()).toBe(0);
  });

  it('Ctrl+S after the table’s ↓ and ↑ buttons saves the dataset, the focus outside the YAML editor', async () => {
    const editor = new DatasetEditorPage(current);
    await editor.open(served.origin, 'helpdesk');
    const first = ids()[0]!;
    const down = current.getByRole('button', { name: `Move ${first} down` });
    await down.click();
    // The focus is in the table, not in Monaco (which has its own Ctrl+S).
    const focusInMonaco = 'Boolean(document.activeElement && document.activeElement.closest(".monaco-editor"))';
    expect(await current.evaluate(focusInMonaco)).toBe(false);
    await current.keyboard.press('Control+s');
    await expect.poll(() => ids()[1]).toBe(first);
    await current.getByRole('button', { name: `Move ${first} up` }).click();
    await current.keyboard.press('Control+s');
    // Down then up gives the file back byte for byte, blank lines and comments included.
    await expect.poll(() => readFileSync(file, 'utf8')).toBe(original);
  });

  it('asks before leaving changed settings: stay keeps the edit, discard restores, save writes one line', async () => {
    const settings = new SettingsPage(current);
    const unsaved = new UnsavedPage(current);
    await settings.open(served.origin);
    await settings.setting('concurrency').fill('2');
    await unsaved.navDirty('settings').waitFor();
    await unsaved.leaveTo('results');
    await unsaved.prompt().waitFor();
    if (SHOTS) await current.screenshot({ path: join(SHOTS, 'unsaved-prompt-settings.png') });
    await unsaved.choose('Stay');
    expect(await settings.setting('concurrency').inputValue()).toBe('2');

    await unsaved.leaveTo('results');
    await unsaved.choose('Discard changes');
    await expect.poll(() => current.url()).toContain('#/results');
    expect(readFileSync(config, 'utf8')).toBe(originalConfig);
    await current.getByTestId('nav-settings').click();
    await current.getByTestId('settings').waitFor();
    expect(await settings.setting('concurrency').inputValue()).toBe('4');

    await settings.setting('concurrency').fill('2');
    await unsaved.leaveTo('results');
    await unsaved.choose('Save');
    await expect.poll(() => current.url()).toContain('#/results');
    expect(lineDiff(originalConfig, readFileSync(config, 'utf8'))).toEqual({
      removed: ['  concurrency: 4\n'],
      added: ['  concurrency: 2\n'],
    });
  });

  it('the browser asks before a dirty page is reloaded (beforeunload)', async () => {
    const editor = new DatasetEditorPage(current);
    await editor.open(served.origin, 'helpdesk');
    await current.getByTestId('add-question').click();
    // The page objects answer the browser's question with "leave"; what matters here is that it is asked.
    const asked = new Promise<string>((resolve) => current.once('dialog', (dialog) => resolve(dialog.type())));
    await current.reload();
    expect(await asked).toBe('beforeunload');
    await current.getByTestId('question-table').waitFor();
    expect(await current.getByTestId('qrow-new_question').count()).toBe(0);
  });

  it('a file changed on disk while open is followed when unedited, and offered to reload when edited', async () => {
    const editor = new DatasetEditorPage(current);
    const unsaved = new UnsavedPage(current);
    await editor.open(served.origin, 'helpdesk');
    const external = original.replace(/\n*$/, '\n  - id: added_elsewhere\n    input: Written by another program.\n');
    writeFileSync(file, external);
    await current.getByTestId('qrow-added_elsewhere').waitFor({ timeout: 10000 });

    await current.getByTestId('add-question').click();
    writeFileSync(file, original);
    await unsaved.diskChange().waitFor({ timeout: 10000 });
    await current.getByRole('button', { name: 'Compare' }).click();
    await current.getByTestId('disk-diff').waitFor();
    expect(await current.getByTestId('disk-diff').textContent()).toContain('added_elsewhere');
    if (SHOTS) await current.screenshot({ path: join(SHOTS, 'disk-change.png') });
    await current.getByTestId('reload-from-disk').click();
    await unsaved.diskChange().waitFor({ state: 'detached' });
    expect(await current.getByTestId('qrow-added_elsewhere').count()).toBe(0);
    expect(await current.getByTestId('qrow-new_question').count()).toBe(0);
    expect(await current.getByTestId('dataset-dirty').count()).toBe(0);
  });
});
