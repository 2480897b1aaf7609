// Judge validation end to end: run the example offline, sample a judge's calls, label them by keyboard
// (p / f, the judge's verdict hidden until then), validate, and see the judge's trust on every screen that shows it.
import { describe, expect, it } from 'vitest';
import type { GoldItem } from '../../src-shared/model';
import { appPageForSuite } from './support/app-page';
import { PortfolioPage } from './pages/portfolio.page';
import { RunPage } from './pages/run.page';
import { GoldLabelingPage } from './pages/gold-labeling.page';
import { GRADER, TARGET, judgeSays } from './support/gold';

describe('judge validation', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1360, height: 900 } } });

  it('samples, labels by keyboard, validates, and shows the trust on the judges screen, the portfolio and the result page', async () => {
    const { page, served, call } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.runToVerdict(served.origin, TARGET);

    await page.goto(`${served.origin}/#/judges`);
    const row = page.getByTestId(`judge-${GRADER}`);
    await expect.poll(() => row.textContent()).toContain('unvalidated');
    await page.getByTestId(`sample-${GRADER}`).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(new RegExp(`${GRADER}: drew \\d+ of`));

    // The labeler decides before seeing the judge: here by the rule the judge should follow (a passing 0-5 score).
    const gold = await call<GoldItem[]>('judges.goldItems', { grader: GRADER });
    expect(gold.length).toBeGreaterThan(1);
    const labeling = new GoldLabelingPage(page);
    await labeling.openFromJudges(GRADER);
    for (const [index, item] of gold.entries()) await labeling.label(judgeSays(item), index, gold.length);
    await expect
      .poll(() => page.getByTestId('gold-progress').textContent())
      .toContain(`${gold.length} / ${gold.length} labelled`);

    await page.goto(`${served.origin}/#/judges`);
    await page.getByTestId(`validate-${GRADER}`).click();
    // The trust rule (defaults): at least 30 pass/fail labels and at least 5 of each class.
    const passes = gold.filter((item) => judgeSays(item) === 'pass').length;
    const enough = gold.length >= 30 && passes >= 5 && gold.length - passes >= 5;
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
  }, 180_000);
});
