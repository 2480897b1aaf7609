// Labeling shows what the judge saw (issue 21, item 4) and the glossary explains the terms (item 8): repeats of an
// identical answer are sampled once and the sample says why it drew fewer than asked; greyed buttons say why;
// the labeling page shows criteria, expected facts and tool calls with the judge's verdict hidden until labelled;
// the end of the batch validates, with TPR/TNR rounded and said in words; a term shows its definition on hover.
import { describe, expect, it } from 'vitest';
import type { GoldItem } from '../../src-shared/model';
import { appPageForSuite } from './support/app-page';
import { PortfolioPage } from './pages/portfolio.page';
import { GoldLabelingPage } from './pages/gold-labeling.page';
import { judgeSays } from './support/gold';

const TARGET = 'helpdesk_agent_offline';
const GRADER = 'accuracy_grader';

describe('labeling a judge with what it saw', () => {
  const app = appPageForSuite({ page: { viewport: { width: 1024, height: 768 } } });

  const goldItems = () => app.call<GoldItem[]>('judges.goldItems', { grader: GRADER });

  it('samples repeats once, shows the judge’s criteria, facts and tool calls, and validates at the end of the batch', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/judges`);
    const label = page.getByTestId(`label-${GRADER}`);
    await label.waitFor();
    expect(await label.getAttribute('title')).toBe('Nothing to label yet: press Sample first');
    expect(await page.getByTestId(`validate-${GRADER}`).getAttribute('title')).toBe(
      'Nothing to validate yet: press Sample, then label',
    );
    expect(await page.getByTestId(`sample-${GRADER}`).getAttribute('title')).toMatch(/^No stored judge calls yet/);

    // The offline agent answers from recordings, so its second run repeats every answer word for word.
    const portfolio = new PortfolioPage(page);
    for (let run = 0; run < 2; run += 1) {
      await portfolio.runToVerdict(served.origin, TARGET);
    }

    await page.goto(`${served.origin}/#/judges`);
    await page.getByTestId(`sample-${GRADER}`).click();
    const status = page.getByRole('status');
    await expect
      .poll(() => status.textContent())
      .toMatch(
        new RegExp(
          `${GRADER}: drew (\\d+) of the 30 asked, because offline/llama3.1:8b made only \\1 distinct scored calls ` +
            'in the last 30 days \\(of (\\d+) scored calls, left out: \\1 repeats of an identical answer, sampled once\\)',
        ),
      );
    const drawn = Number(/drew (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    const gold = await goldItems();
    expect(gold).toHaveLength(drawn);
    expect(new Set(gold.map((item) => `${item.question}\n${item.response}`)).size).toBe(drawn);
    expect(gold.every((item) => item.judge_saw !== null && item.tool_calls !== null)).toBe(true);

    const labeling = new GoldLabelingPage(page);
    await labeling.openFromJudges(GRADER);
    for (const [index, item] of gold.entries()) {
      await expect.poll(() => page.getByTestId('gold-progress').textContent()).toContain(`item ${index + 1}`);
      const saw = item.judge_saw!;
      const criteria = page.getByTestId('judge-saw-criteria');
      expect(await criteria.textContent()).toContain(saw.criteria ?? 'None');
      if (saw.expected_facts.length > 0)
        for (const fact of saw.expected_facts)
          expect(await page.getByTestId('judge-saw-facts').textContent()).toContain(fact);
      // The accuracy judge sees tool calls: its lines are listed, and the agent's calls show as indented JSON.
      expect(await page.getByTestId('judge-saw-tools').locator('li').count()).toBe(saw.tool_calls?.length ?? 0);
      const args = page.getByTestId('tool-call-args');
      expect(await args.count()).toBe(item.tool_calls!.length);
      for (const [n, call] of item.tool_calls!.entries())
        expect(await args.nth(n).textContent()).toBe(JSON.stringify(call.args, null, 2));
      expect(await page.getByTestId('gold-batch-end').count()).toBe(0);
      await labeling.label(judgeSays(item), index, gold.length);
    }
    expect(gold.some((item) => (item.tool_calls ?? []).length > 0)).toBe(true);

    await page.getByTestId('gold-validate').click();
    const result = page.getByTestId('gold-validation');
    await result.waitFor();
    const text = (await result.textContent()) ?? '';
    const passes = gold.filter((item) => judgeSays(item) === 'pass').length;
    const fails = gold.length - passes;
    const answers = passes === 1 ? 'answer' : 'answers';
    if (passes > 0) expect(text).toContain(`passed ${passes} of the ${passes} ${answers} you passed (TPR 100%)`);
    if (fails > 0) expect(text).toContain(`the judge caught ${fails} of ${fails} failure`);
    // The trust rule (defaults): at least 30 pass/fail labels and at least 5 of each class.
    const enough = gold.length >= 30 && passes >= 5 && fails >= 5;
    expect(text).toMatch(enough ? /is trusted/ : /stays unvalidated, not enough labels: label \d+ more/);
    expect(text).not.toMatch(/\d\.\d{3,}/);
  }, 240_000);

  it('shows a term’s definition on hover and opens it in the glossary', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/judges`);
    await page.getByTestId('judges-table').waitFor();
    const tpr = page.getByTestId('judges-table').getByTestId('term-tpr');
    await tpr.hover();
    const tip = tpr.getByTestId('term-tip-tpr');
    await tip.waitFor();
    expect(await tip.textContent()).toContain('True positive rate: of the answers you labelled pass');
    // The tip stays open while the pointer moves onto it, so its link can be followed.
    await tip.getByRole('link', { name: 'Glossary' }).click();
    await page.getByTestId('glossary').waitFor();
    expect(await page.getByTestId('glossary-tpr').getAttribute('aria-current')).toBe('true');
    for (const id of ['tnr', 'gold_set', 'advisory', 'confidence_interval', 'chrf', 'weighted_avg', 'any_pass'])
      expect(await page.getByTestId(`glossary-${id}`).count()).toBe(1);
    for (const id of ['deciding_question', 'attempt', 'combine'])
      expect(await page.getByTestId(`glossary-${id}`).count()).toBe(1);
  }, 60_000);
});
