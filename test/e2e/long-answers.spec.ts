// Answers of 1 MB in each shape (no spaces, words, ~37,000 lines) on every screen that shows an answer: the page shows
// a bounded first part at once and "show all" adds the rest. How long each step holds the page's main thread is the
// benchmark's to measure (bench/ui-long-answers.ts), not a test's.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPageForSuite } from './support/app-page';
import {
  findTrace,
  MB,
  openMatrix,
  openRunPage,
  QUESTION_IDS,
  serveLongAnswers,
  showAll,
  type LongAnswers,
} from './support/long-answers-seed';
import type { Locator } from 'playwright-core';

/** The answer's whole text is on the page once "show all" has run. */
const shownChars = (text: Locator) => text.evaluate((element) => element.textContent!.length);

describe('1 MB answers: a bounded first part, then "show all"', () => {
  let seeded: LongAnswers;
  const app = appPageForSuite({
    serve: async () => {
      seeded = await serveLongAnswers();
      return seeded.served;
    },
    page: { viewport: { width: 1360, height: 900 } },
    actionTimeoutMs: 15_000,
    setupTimeoutMs: 120_000,
    afterStop: () => seeded?.fake.close(),
  });

  /** `text` shows a bounded first part, then the whole answer after "show all"; a screenshot of each, named by `shot`. */
  async function firstPartThenAll(text: Locator, shot: string): Promise<void> {
    expect(await shownChars(text)).toBeLessThan(4_500);
    await app.page.screenshot({ path: join('test-results', `long-answers-${shot}-first-part.png`) });
    await showAll(text);
    expect(await shownChars(text)).toBeGreaterThanOrEqual(MB);
    await app.page.screenshot({ path: join('test-results', `long-answers-${shot}.png`) });
  }

  it.each(QUESTION_IDS)(
    'run page: %s',
    async (questionId) => {
      const { page, served } = app;
      const response = await openRunPage(page, served.origin, seeded.runIds[0]!, questionId);
      await page.getByTestId(`question-${questionId}`).click();
      await response.waitFor();
      expect(await response.getByTestId('show-all').textContent()).toBe('Show all (1,048,576 characters)');
      await firstPartThenAll(response, `run-${questionId}`);
    },
    90_000,
  );

  it.each(QUESTION_IDS)(
    'comparison matrix: %s',
    async (questionId) => {
      const { page, served } = app;
      const { row, detail } = await openMatrix(page, served.origin, seeded.runIds, questionId);
      await row.locator('.matrix-row').click();
      await detail.getByTestId('matrix-diff').waitFor();
      expect(await detail.getByTestId('matrix-diff').textContent()).toContain('Only the start of each answer');
      await firstPartThenAll(detail.locator('.long-text').first(), `matrix-${questionId}`);
    },
    90_000,
  );

  it.each(QUESTION_IDS)(
    'trace workbench: %s',
    async (questionId) => {
      const { page, served } = app;
      await page.goto(`${served.origin}/#/traces`);
      await page.getByTestId('review-item').waitFor(); // the queue's first item, before searching
      const answer = page.getByTestId('review-item').getByTestId('final-answer');
      await findTrace(page, questionId);
      await answer.waitFor();
      await firstPartThenAll(answer, `traces-${questionId}`);
    },
    90_000,
  );
});
