// Judge validation end to end: run the example offline, sample a judge's calls, label them by keyboard
// (p / f, the judge's verdict hidden until then), validate, and see the judge's trust on every screen that shows it.
import { describe, expect, it } from 'vitest';
import type { GoldItem } from '../../src-shared/model';
import { appPageForSuite } from './support/app-page';
import { PortfolioPage } from './pages/portfolio.page';
import { RunPage } from './pages/run.page';

const TARGET = 'helpdesk_chat_offline';
const GRADER = 'accuracy_grader';

describe('judge validation', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1360, height: 900 } } });

  it(
    'samples, labels by keyboard, validates, and shows the trust on the judges screen, the portfolio and the result page',
    { timeout: 180_000 },
    async () => {
      const { page, served } = app;
      const portfolio = new PortfolioPage(page);
      await portfolio.runToVerdict(served.origin, TARGET);

      await page.goto(`${served.origin}/#/judges`);
      const row = page.getByTestId(`judge-${GRADER}`);
      await expect.poll(() => row.textContent()).toContain('unvalidated');
      await page.getByTestId(`sample-${GRADER}`).click();
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(new RegExp(`${GRADER}: drew \\d+ of`));

      // The labeler decides before seeing the judge: here by the rule the judge should follow (a passing 0-5 score).
      const gold = (await (
        await page.request.post(`${served.origin}/rpc/judges.goldItems`, { data: { grader: GRADER } })
      ).json()) as { value: GoldItem[] };
      expect(gold.value.length).toBeGreaterThan(1);
      await page.getByTestId(`label-${GRADER}`).click();
      await page.getByTestId('gold-labeling').waitFor();
      for (const [index, item] of gold.value.entries()) {
        await expect.poll(() => page.getByTestId('gold-progress').textContent()).toContain(`item ${index + 1}`);
        expect(await page.getByTestId('judge-verdict').count()).toBe(0);
        await page.keyboard.press((item.judge_score ?? 0) >= 3.5 ? 'p' : 'f');
        // A label moves on to the next item; the last one stays and shows the judge's verdict.
        if (index < gold.value.length - 1) {
          await expect.poll(() => page.getByTestId('gold-progress').textContent()).toContain(`item ${index + 2}`);
          await page.getByTestId('judge-verdict-previous').waitFor();
        } else await page.getByTestId('judge-verdict').waitFor();
      }
      await expect
        .poll(() => page.getByTestId('gold-progress').textContent())
        .toContain(`${gold.value.length} / ${gold.value.length} labelled`);

      await page.goto(`${served.origin}/#/judges`);
      await page.getByTestId(`validate-${GRADER}`).click();
      // The trust rule (defaults): at least 30 pass/fail labels and at least 5 of each class.
      const passes = gold.value.filter((i) => (i.judge_score ?? 0) >= 3.5).length;
      const enough = gold.value.length >= 30 && passes >= 5 && gold.value.length - passes >= 5;
      const expected = enough ? 'trusted' : 'too few labels';
      await expect.poll(() => row.textContent()).toContain(expected);

      await portfolio.open(served.origin);
      await expect
        .poll(() => page.getByTestId(`trust-${TARGET}`).textContent())
        .toMatch(/judges (unvalidated|trusted|too few labels)/);

      await portfolio.run(TARGET);
      const run = new RunPage(page);
      await run.waitForVerdict();
      await expect
        .poll(() => page.getByTestId('verdict-judges').textContent())
        .toMatch(new RegExp(`${GRADER}\\W+${expected}`));
    },
  );
});
