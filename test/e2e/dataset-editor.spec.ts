import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appPageForSuite } from './support/app-page';
import { DatasetEditorPage } from './pages/dataset-editor.page';

describe('dataset editor', () => {
  const app = appPageForSuite();

  it('flags a key typo with its did-you-mean, clears it when fixed, and saves keeping comments', async () => {
    const { page, served } = app;
    const editor = new DatasetEditorPage(page);
    const file = join(served.workspaceDir, 'datasets', 'helpdesk.yaml');
    const before = readFileSync(file, 'utf8');
    await editor.open(served.origin, 'helpdesk');
    await expect.poll(() => editor.problems().textContent()).toContain('No problems');

    await editor.replaceFirst('expected_tools:', 'expected_tool:');
    await expect
      .poll(() => editor.problems().textContent(), { timeout: 10000 })
      .toContain('unknown key "expected_tool"; did you mean "expected_tools"?');
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

  it('edits the same file from the question table: disable, reorder, add, then save', async () => {
    const { page, served } = app;
    const editor = new DatasetEditorPage(page);
    const file = join(served.workspaceDir, 'datasets', 'helpdesk.yaml');
    await editor.open(served.origin, 'helpdesk');
    const counts = async () => [
      await page.getByTestId('dataset-count').textContent(),
      await page.getByTestId('question-table-count').textContent(),
    ];
    const rows = await page.getByTestId('question-table').locator('[data-testid^="qrow-"]').count();
    // The example has one disabled question: both say so (the header once counted 21, the table 22).
    expect(await counts()).toEqual([`${rows} questions (1 disabled)`, `${rows} questions (1 disabled)`]);
    // The list beside them counts the same questions, the disabled one named in its title.
    const badge = page.getByTestId('dataset-helpdesk-count');
    expect([await badge.textContent(), await badge.getAttribute('title')]).toEqual([
      `${rows}`,
      `${rows} questions (1 disabled)`,
    ]);
    await page.getByTestId('toggle-late_fees').click();
    // The header counts the editor's rows as they are now, as the table does, before anything is saved.
    await expect.poll(counts).toEqual([`${rows} questions (2 disabled)`, `${rows} questions (2 disabled)`]);
    await page.getByRole('button', { name: 'Move late_fees up' }).click();
    await page.getByTestId('add-question').click();
    await page.getByTestId('qrow-new_question').waitFor();
    expect(await counts()).toEqual([`${rows + 1} questions (2 disabled)`, `${rows + 1} questions (2 disabled)`]);
    await editor.save();
    const saved = parse(readFileSync(file, 'utf8'));
    const ids = saved.questions.map((q: { id: string }) => q.id);
    expect(ids.indexOf('late_fees')).toBe(0);
    expect(ids.at(-1)).toBe('new_question');
    expect(saved.questions[0].disabled).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('# Each question exercises at least one grader');
    expect(text).toContain('expected_facts: ["0.20 EUR per day", "1.00 EUR for five days"]');
  });
});
