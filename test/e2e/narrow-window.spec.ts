// Every screen at 1024x768: nothing scrolls sideways and no visible button is cut off by the window's edge.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPageForSuite } from './support/app-page';
import { HISTORY_TARGET, serveHistory } from './support/history-seed';

const SCREENS = ['targets', 'datasets/helpdesk', 'results', 'optimizer', 'traces', 'judges', 'settings', 'glossary'];

/** What sticks out: elements wider than their box that scroll sideways, and buttons outside the viewport. */
const clipped = (page: Page): Promise<string[]> =>
  page.evaluate(`(() => {
    const problems = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push('page ' + root.scrollWidth + ' > ' + root.clientWidth);
    for (const button of document.querySelectorAll('button, a.button, label.button')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < 0 || box.right > window.innerWidth + 0.5)
        problems.push('button "' + button.textContent.trim() + '" at ' + Math.round(box.left) + '-' + Math.round(box.right));
    }
    return problems;
  })()`);

describe('every screen at 1024x768', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1024, height: 768 } } });

  it.each(SCREENS)('%s fits without clipping', async (screen) => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/${screen}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await clipped(page)).toEqual([]);
  });

  it("gives the dataset editor the pane's width, the question table under it", async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/datasets/helpdesk`);
    const editor = await page.locator('.editor-body .yaml-editor').boundingBox();
    const table = await page.locator('.question-table').boundingBox();
    // About 70 columns of the editor's monospace text, where the table beside it left about 35.
    expect(editor!.width).toBeGreaterThan(560);
    expect(table!.y).toBeGreaterThanOrEqual(editor!.y + editor!.height - 1);
  });
});

describe('the question-history screens at 1024x768, over 30 generated runs', () => {
  const app = appPageForSuite({
    serve: async () => (await serveHistory()).served,
    page: { viewport: { width: 1024, height: 768 } },
  });

  it.each([
    `results/${HISTORY_TARGET}`,
    `history/${HISTORY_TARGET}/regressed_00`,
    `history/${HISTORY_TARGET}/reworded`,
  ])('%s fits without clipping', async (screen) => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/${screen}`);
    await page.waitForLoadState('networkidle');
    await page.locator('[data-testid=what-changed], [data-testid=timeline-runs]').first().waitFor();
    expect(await clipped(page)).toEqual([]);
  });
});
