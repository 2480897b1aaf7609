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
import { TargetEditorPage } from './pages/target-editor.page';
import { UnsavedPage } from './pages/unsaved.page';
import { WorkbenchPage } from './pages/workbench.page';

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
  it('the target form follows aieval.yaml changed on disk when unedited, and offers reload or compare when edited', async () => {
    const editor = new TargetEditorPage(current);
    const unsaved = new UnsavedPage(current);
    await editor.open(served.origin, 'helpdesk_chat');
    const renamed = originalConfig.replace('label: Help desk, chat\n', 'label: Help desk, renamed elsewhere\n');
    writeFileSync(config, renamed);
    await expect
      .poll(() => editor.field('target-label').inputValue(), { timeout: 10000 })
      .toBe('Help desk, renamed elsewhere');
    expect(await unsaved.diskChange().count()).toBe(0);

    await editor.fill('target-label', 'Mine');
    await unsaved.navDirty('targets').waitFor();
    writeFileSync(config, renamed.replace('    model: llama3.1:8b\n', '    model: llama3.2:3b\n'));
    await unsaved.diskChange().waitFor({ timeout: 10000 });
    expect(await unsaved.diskChange().textContent()).toContain('aieval.yaml (target helpdesk_chat)');
    await current.getByRole('button', { name: 'Compare' }).click();
    const diff = await current.getByTestId('disk-diff').textContent();
    expect(diff).toContain('llama3.2:3b');
    expect(diff).toContain('Mine');
    if (SHOTS) await current.screenshot({ path: join(SHOTS, 'disk-change-target.png') });
    await current.getByTestId('reload-from-disk').click();
    await unsaved.diskChange().waitFor({ state: 'detached' });
    expect(await editor.field('target-label').inputValue()).toBe('Help desk, renamed elsewhere');
    expect(await current.getByTestId('target-model').inputValue()).toBe('llama3.2:3b');
    expect(await unsaved.navDirty('targets').count()).toBe(0);
  });

  it('settings follow aieval.yaml changed on disk when unedited; keeping my edits saves them over the file', async () => {
    const settings = new SettingsPage(current);
    const unsaved = new UnsavedPage(current);
    await settings.open(served.origin);
    writeFileSync(config, originalConfig.replace('  concurrency: 4\n', '  concurrency: 3\n'));
    await expect.poll(() => settings.setting('concurrency').inputValue(), { timeout: 10000 }).toBe('3');

    await settings.setting('concurrency').fill('2');
    const elsewhere = originalConfig.replace('  concurrency: 4\n', '  concurrency: 5\n');
    writeFileSync(config, elsewhere);
    await unsaved.diskChange().waitFor({ timeout: 10000 });
    await current.getByRole('button', { name: 'Compare' }).click();
    expect(await current.getByTestId('disk-diff').textContent()).toMatch(/concurrency.*5[\s\S]*concurrency.*2/);
    await current.getByTestId('keep-mine').click();
    await unsaved.diskChange().waitFor({ state: 'detached' });
    expect(await settings.setting('concurrency').inputValue()).toBe('2');
    await current.getByTestId('save-settings').click();
    await expect
      .poll(() => lineDiff(elsewhere, readFileSync(config, 'utf8')))
      .toEqual({
        removed: ['  concurrency: 5\n'],
        added: ['  concurrency: 2\n'],
      });
  });

  it('trace labeling notes are unsaved work until stored: prompt on leaving, discard, save, Ctrl+S, blur', async () => {
    const workbench = new WorkbenchPage(current);
    const unsaved = new UnsavedPage(current);
    await workbench.open(served.origin);
    await workbench.importExampleTraces();
    const notes = current.getByTestId('notes-input');
    // A route change while the focus stays in the notes (no blur saves them) asks.
    const leaveByAddress = () => current.evaluate("window.location.hash = '#/results'");

    await notes.fill('dropped on purpose');
    await current.getByTestId('notes-dirty').waitFor();
    await unsaved.navDirty('traces').waitFor();
    await leaveByAddress();
    await unsaved.prompt().waitFor();
    expect(await unsaved.prompt().textContent()).toContain('The notes of this trace has changes');
    await unsaved.choose('Discard changes');
    await expect.poll(() => current.url()).toContain('#/results');
    await unsaved.leaveTo('traces');
    await expect.poll(() => notes.inputValue()).toBe('');

    await notes.fill('the answer invents a due date');
    await leaveByAddress();
    await unsaved.choose('Save');
    await expect.poll(() => current.url()).toContain('#/results');
    await unsaved.leaveTo('traces');
    await expect.poll(() => notes.inputValue()).toBe('the answer invents a due date');
    expect(await current.getByTestId('notes-dirty').count()).toBe(0);

    await notes.fill('saved with Ctrl+S');
    await current.keyboard.press('Control+s');
    await current.getByTestId('notes-dirty').waitFor({ state: 'detached' });
    // Clicking away stores the notes on blur; leaving right then does not ask.
    await notes.fill('saved on blur');
    await unsaved.leaveTo('results');
    await expect.poll(() => current.url()).toContain('#/results');
    expect(await unsaved.prompt().count()).toBe(0);
    await unsaved.leaveTo('traces');
    await expect.poll(() => notes.inputValue()).toBe('saved on blur');
  });
});
