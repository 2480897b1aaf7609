// Two reviewers label the same ten gold items: ana through the API, ben in the workbench after naming himself in
// Settings; the judges screen then shows Cohen's κ over those ten items, and why it gives no interval on so few.
import { describe, expect, it } from 'vitest';
import { cohenKappa } from '../../src-main/engine/stats/agreement';
import type { GoldItem } from '../../src-shared/model';
import { appPageForSuite } from './support/app-page';
import { GRADER, TARGET, judgeSays } from './support/gold';
import { PortfolioPage } from './pages/portfolio.page';
import { shoot } from './support/shoot';

describe('several reviewers', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1440, height: 900 } } });

  it('labels ten items as ana (API) and as ben (workbench), and shows κ on the judges screen (no interval on ten items)', async () => {
    const { page, served, call } = app;
    await new PortfolioPage(page).runToVerdict(served.origin, TARGET);

    const sample = await call<{ items: GoldItem[] }>('judges.sample', { grader: GRADER, n: 10, seed: 5 });
    const items = sample.items;
    expect(items).toHaveLength(10);
    // ana agrees with the judge except on the first two items; ben labels as the judge does.
    const ana = items.map((item, i) => (i < 2 ? (judgeSays(item) === 'pass' ? 'fail' : 'pass') : judgeSays(item)));
    for (const [i, item] of items.entries())
      await call('labels.submit', { subjectType: 'gold_item', subjectId: item.id, verdict: ana[i], reviewer: 'ana' });

    await page.goto(`${served.origin}/#/settings`);
    await page.getByTestId('setting-reviewer').fill('ben');
    await page.getByTestId('save-reviewer').click();
    await expect.poll(() => page.getByTestId('reviewer-status').textContent()).toBe('Your labels are stored as “ben”.');
    await shoot(page, 'settings-reviewer');

    await page.goto(`${served.origin}/#/judges/${GRADER}/label`);
    await page.getByTestId('gold-labeling').waitFor();
    await expect.poll(() => page.getByTestId('labelling-as').textContent()).toMatch(/^Labelling as ben/);
    const ben: string[] = [];
    for (const [index, item] of items.entries()) {
      await expect.poll(() => page.getByTestId('gold-progress').textContent()).toContain(`item ${index + 1}`);
      const verdict = judgeSays(item);
      ben.push(verdict);
      await page.keyboard.press(verdict === 'pass' ? 'p' : 'f');
      if (index < items.length - 1)
        await expect.poll(() => page.getByTestId('gold-progress').textContent()).toContain(`item ${index + 2}`);
    }
    await expect
      .poll(async () => (await call<{ reviewer: string }[]>('judges.agreement', {})).length)
      .toBeGreaterThan(0);

    await page.goto(`${served.origin}/#/judges`);
    const row = page.getByTestId(`agreement-grader-${GRADER}`);
    await row.waitFor();
    const kappa = cohenKappa(ana, ben)!;
    const text = await row.getByTestId('agreement-text').textContent();
    expect(text).toMatch(
      new RegExp(
        `^κ ${kappa.toFixed(2).replace('.', '\\.')} \\(no interval below 20 shared items: on so few a bootstrap interval is unstable\\) over 10 items labelled by ana and ben$`,
      ),
    );
    expect(await row.textContent()).toContain('they disagree on 2 items, left out of TPR/TNR until they agree');
    await shoot(page, 'judges-agreement');

    await page.goto(`${served.origin}/#/targets/helpdesk_chat/edit`);
    await page.getByTestId('target-gate-metric').selectOption('corrected_pass_rate');
    await page.getByTestId('target-gate-bound-lower').click();
    await page.getByTestId('target-gate-threshold').fill('0.7');
    await page.getByTestId('target-gate-judge').selectOption(GRADER);
    expect(await page.getByTestId('problems-target-gate-threshold').textContent()).toBe('');
    expect(await page.getByTestId('target-gate-bound-lower').getAttribute('aria-checked')).toBe('true');
    await shoot(page, 'target-gate-corrected', { part: 'section[aria-labelledby="target-gate-title"]' });
  }, 180_000);
});
