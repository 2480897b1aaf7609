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

  it.each(QUESTION_IDS)(
    'run page: %s',
    async (questionId) => {
      const { page, served } = app;
      const response = await openRunPage(page, served.origin, seeded.runIds[0]!, questionId);
      await page.getByTestId(`question-${questionId}`).click();
      await response.waitFor();
      expect(await shownChars(response)).toBeLessThan(4_500);
      expect(await response.getByTestId('show-all').textContent()).toBe('Show all (1,048,576 characters)');
      await page.screenshot({ path: join('test-results', `long-answers-run-${questionId}-first-part.png`) });

      await showAll(response);
      expect(await shownChars(response)).toBeGreaterThanOrEqual(MB);
      await page.screenshot({ path: join('test-results', `long-answers-run-${questionId}.png`) });
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
      const first = detail.locator('.long-text').first();
      expect(await shownChars(first)).toBeLessThan(4_500);
      expect(await detail.getByTestId('matrix-diff').textContent()).toContain('Only the start of each answer');
      await page.screenshot({ path: join('test-results', `long-answers-matrix-${questionId}-first-part.png`) });

      await showAll(first);
      expect(await shownChars(first)).toBeGreaterThanOrEqual(MB);
      await page.screenshot({ path: join('test-results', `long-answers-matrix-${questionId}.png`) });
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
      expect(await shownChars(answer)).toBeLessThan(4_500);

      await showAll(answer);
      expect(await shownChars(answer)).toBeGreaterThanOrEqual(MB);
      await page.screenshot({ path: join('test-results', `long-answers-traces-${questionId}.png`) });
    },
    90_000,
  );
});
