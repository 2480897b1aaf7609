import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appPageForSuite } from './support/app-page';
import { WorkbenchPage } from './pages/workbench.page';

describe('trace labeling workbench', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1440, height: 900 } } });
  let workbench: WorkbenchPage;

  beforeAll(async () => {
    workbench = new WorkbenchPage(app.page);
    await workbench.open(app.served.origin);
  });

  it('imports the example traces and labels by keyboard: p, f, d, j/k, digits, undo', async () => {
    const { page } = app;
    expect(await workbench.importExampleTraces()).toMatch(/36 review items/);
    expect(await workbench.progress()).toContain('0 / 36 labeled');

    const first = await workbench.currentQuestion();
    await workbench.press('p');
    await expect.poll(() => workbench.progress()).toContain('1 / 36 labeled · 1 pass');
    await expect.poll(() => workbench.currentQuestion()).not.toBe(first);

    await workbench.press('f');
    await expect.poll(() => workbench.progress()).toContain('2 / 36 labeled · 1 pass · 1 fail');
    await workbench.press('d');
    await expect.poll(() => workbench.progress()).toContain('3 / 36 labeled · 1 pass · 1 fail · 1 defer');

    await workbench.press('k', 'ArrowDown', '4');
    await expect
      .poll(() => page.locator('[data-testid=dimension-completeness] [aria-pressed=true]').textContent())
      .toBe('4');

    await workbench.press('u');
    await expect.poll(() => page.locator('[data-testid=dimension-completeness] [aria-pressed=true]').count()).toBe(0);
    await workbench.press('u');
    await expect.poll(() => workbench.progress()).toContain('2 / 36 labeled · 1 pass · 1 fail · 0 defer');
  });

  it('has one main landmark, and keeps the conversation readable at 1024x768 (issue 49)', async () => {
    const { page } = app;
    const before = page.viewportSize()!;
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      expect(await page.locator('main').count()).toBe(1);
      const item = await page.locator('.workbench-item').boundingBox();
      expect(item!.width).toBeGreaterThanOrEqual(360); // was 180 px, between two fixed side panels
      expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(
        0,
      );
    } finally {
      await page.setViewportSize(before);
    }
  });

  it('promotes a good trace into the dataset and refuses a truncated one, saying why', async () => {
    const { page, served } = app;
    await page.getByPlaceholder('Search text').fill('Left Hand');
    await page.getByTestId('review-item').waitFor();
    await page.getByTestId('promote-dataset').click();
    await expect.poll(() => workbench.message()).toMatch(/Promoted 1 into dataset helpdesk/);
    const dataset = readFileSync(join(served.workspaceDir, 'datasets', 'helpdesk.yaml'), 'utf8');
    expect(dataset).toContain('# Questions the Riverside Library help desk gets every week.');
    const promoted = parse(dataset).questions.at(-1);
    expect(promoted.metadata.source_trace).toBeTruthy();

    await page.getByPlaceholder('Search text').fill('Summarise every rule');
    await expect.poll(() => workbench.currentQuestion()).toContain('Summarise every rule');
    await page.getByTestId('promote-dataset').click();
    await expect.poll(() => workbench.message()).toMatch(/Promoted 0 into dataset helpdesk\. Refused 1: .*truncat/i);
  });
});
