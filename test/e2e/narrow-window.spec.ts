// Every screen at 1024x768: nothing scrolls sideways and no visible button is cut off by the window's edge.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPageForSuite } from './support/app-page';
import { HISTORY_TARGET, serveHistory } from './support/history-seed';

const SCREENS = ['targets', 'datasets/helpdesk', 'results', 'optimizer', 'traces', 'judges', 'settings', 'glossary'];

/**
 * What sticks out: the page scrolling sideways, a table that scrolls sideways in its box (a primary table must fit),
 * and buttons outside the viewport or cut by a box that hides or scrolls its overflow.
 */
const clipped = (page: Page): Promise<string[]> =>
  page.evaluate(`(() => {
    const problems = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push('page ' + root.scrollWidth + ' > ' + root.clientWidth);
    for (const box of document.querySelectorAll('.table-scroll')) {
      if (box.getClientRects().length === 0) continue;
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push('table ' + (box.querySelector('table')?.dataset.testid ?? '?') + ' scrolls sideways: ' + box.scrollWidth + ' > ' + box.clientWidth);
    }
    for (const button of document.querySelectorAll('button, a.button, label.button, select')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = button.tagName.toLowerCase() + ' "' + (button.textContent.trim().slice(0, 40) || button.getAttribute('aria-label') || '') + '"';
      if (box.left < 0 || box.right > window.innerWidth + 0.5)
        problems.push(name + ' at ' + Math.round(box.left) + '-' + Math.round(box.right));
      for (let parent = button.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
          problems.push(name + ' cut by its box at ' + Math.round(frame.left) + '-' + Math.round(frame.right));
          break;
        }
      }
    }
    return problems;
  })()`);

describe('every screen at 1024x768', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1024, height: 768 } } });

  it.each(SCREENS)('%s fits without clipping', async (screen) => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/${screen}`);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => clipped(page)).toEqual([]);
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

describe('the screens with runs at 1024x768, over 30 generated runs', () => {
  let runIds: readonly string[] = [];
  const app = appPageForSuite({
    serve: async () => {
      const seeded = await serveHistory();
      runIds = seeded.runIds;
      return seeded.served;
    },
    page: { viewport: { width: 1024, height: 768 } },
  });

  it.each([
    [`results/${HISTORY_TARGET}`, '[data-testid=what-changed]'],
    [`history/${HISTORY_TARGET}/regressed_00`, '[data-testid=timeline-runs]'],
    [`history/${HISTORY_TARGET}/reworded`, '[data-testid=timeline-runs]'],
    ['results', '[data-testid=runs-table]'],
    ['judges', 'main h1'],
    ['traces', 'main h1'],
    [`optimizer/compare/${HISTORY_TARGET}`, '[data-testid=variant-1]'],
  ])('%s fits without clipping', async (screen, ready) => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/${screen}`);
    await page.waitForLoadState('networkidle');
    await page.locator(ready).first().waitFor();
    await expect.poll(() => clipped(page)).toEqual([]);
  });

  it('shows the whole name of the target chosen for prompt candidates', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/optimizer/compare/${HISTORY_TARGET}`);
    const select = page.getByTestId('compare-target');
    await expect.poll(() => select.inputValue()).toBe(HISTORY_TARGET);
    // The chosen option's text, in the select's font, against the room inside the select (its arrow takes ~24 px).
    const [textWidth, room] = await page.evaluate<[number, number]>(`(() => {
      const element = document.querySelector('[data-testid=compare-target]');
      const context = document.createElement('canvas').getContext('2d');
      const style = getComputedStyle(element);
      context.font = style.fontSize + ' ' + style.fontFamily;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return [context.measureText(element.selectedOptions[0].text).width, element.clientWidth - padding - 24];
    })()`);
    expect(textWidth).toBeLessThan(room);
  });

  it('fits the matrix of two runs, its "by more than" box sized to its number', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/matrix/${runIds[0]}/${runIds[1]}`);
    await page.locator('[data-testid^=matrix-row-]').first().waitFor();
    await expect.poll(() => clipped(page)).toEqual([]);
    const gap = await page.locator('.matrix-gap').boundingBox();
    expect(gap!.width).toBeLessThan(100);
  });
});
