// "New dataset" writes a minimal datasets/<id>.yaml through the contract; "Import envelopes" takes picked files and
// says what became of each in the CLI's words (imported as run …, refused with its reasons).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPageForSuite } from './support/app-page';

const EEE = join(import.meta.dirname, '..', 'fixtures', 'eee');

describe('creating a dataset and importing envelopes in the app', () => {
  const app = appPageForSuite();

  it('creates a dataset from its id and first question, as a minimal YAML file, and opens it', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/datasets`);
    await page.getByTestId('new-dataset').click();
    const form = page.getByTestId('new-dataset-form');
    await page.locator('#new-dataset-id').fill('helpdesk');
    await expect.poll(() => page.getByTestId('problems-new-dataset-id').textContent()).toContain('exists already');
    expect(await page.getByTestId('create-dataset').isDisabled()).toBe(true);
    await page.locator('#new-dataset-id').fill('opening_hours');
    await page.locator('#new-dataset-question').fill('When is the main branch open on Sunday?');
    await page.locator('#new-dataset-criteria').fill('States 12:00-17:00.');
    await page.getByTestId('create-dataset').click();
    await page.waitForURL(/#\/datasets\/opening_hours$/);
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('dataset-opening_hours').waitFor();
    expect(readFileSync(join(served.workspaceDir, 'datasets', 'opening_hours.yaml'), 'utf8')).toBe(
      'id: opening_hours\nversion: 1.0.0\nquestions:\n  - id: first_question\n' +
        '    input: When is the main branch open on Sunday?\n    criteria: States 12:00-17:00.\n',
    );
  });

  it('imports picked envelope files and shows each outcome in the CLI words', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/results`);
    const picker = page.getByTestId('envelope-files');
    await picker.setInputFiles([
      join(EEE, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json'),
      join(EEE, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40_samples.jsonl'),
    ]);
    const result = page.getByTestId('envelope-import-result');
    await expect
      .poll(() => result.textContent())
      .toMatch(/^f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40\.json: imported as run eee-\S+ \(\d+ question results\)$/);
    // The same file again: unchanged, as `ai-eval import-envelope` says.
    await picker.setInputFiles(join(EEE, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json'));
    await expect.poll(() => result.textContent()).toContain('f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json: unchanged (');
    // A file that is no envelope: refused with its reason, in red.
    await picker.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('[1]') });
    await expect.poll(() => result.textContent()).toContain('error: notes.json refused:');
    expect(await result.textContent()).toContain('the file is not a JSON object (an EEE aggregate file)');
    expect(await result.locator('.line-error').count()).toBe(2);
  });

  it('imports files dropped on the card, which shows where they will land while they are dragged over it', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/results`);
    const card = page.getByTestId('envelope-import');
    const name = 'b16fbe7d-f0a9-4a72-92a2-77f5016b5e3f.json';
    const text = readFileSync(join(EEE, name), 'utf8');
    // What a drop from the file manager carries: a DataTransfer holding the files (built from a string, since these
    // tests type-check without the DOM library).
    const dataTransfer = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)}, { type: 'application/json' }));
      return transfer;
    })()`);
    await card.dispatchEvent('dragover', { dataTransfer });
    await expect.poll(() => card.getAttribute('class')).toContain('drag-over');
    await card.dispatchEvent('drop', { dataTransfer });
    await expect
      .poll(() => page.getByTestId('envelope-import-result').textContent())
      .toContain(`${name}: imported as run eee-`);
    // The dropped file is an older envelope: the upgrade is said, as the CLI says it.
    expect(await page.getByTestId('envelope-import-result').locator('.line-warning').textContent()).toContain(
      `${name}: schema 0.2.2 read as 0.3.0`,
    );
    expect(await card.getAttribute('class')).not.toContain('drag-over');
  });
});
