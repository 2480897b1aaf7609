// The gate named the same way everywhere: its metric and bound on the target card (and its meter's tick), its metric
// on the run page, with the quarantined questions said beside the pass rate they were left out of.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../support/cli';
import { copyExample } from '../support/workspace';
import { PortfolioPage } from './pages/portfolio.page';
import { RunPage } from './pages/run.page';
import { launchBrowser } from './support/browser';
import { serveExample, type Served } from './support/serve';

describe('gate words on the card and the run page', () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let runId: string;

  beforeAll(async () => {
    const dir = copyExample({
      'aieval.yaml': (text) =>
        text
          .replaceAll(
            'gate: { metric: pass_rate, threshold: 0.8, type: hard }',
            'gate: { metric: corrected_pass_rate, bound: lower, threshold: 0.6, type: hard, judge: accuracy_grader }',
          )
          .replace(
            /(id: helpdesk_chat_offline[\s\S]*?gate: \{ metric: avg_score, threshold: 3\.5, type: hard \})/,
            '$1\n    quarantine: [late_fees]',
          ),
    });
    served = await serveExample({ workspaceDir: dir, init: false });
    const run = await spawnCli(
      ['run', '--workspace', dir, '--target', 'helpdesk_chat_offline', '--trust-workspace'],
      served.configDir,
    );
    expect(run.code, run.stderr).toBe(0);
    runId = /run (\d{8}-\d{6}-[0-9a-f]+): helpdesk_chat_offline/.exec(run.stdout + run.stderr)![1]!;
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(served.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('the card names the metric and the bound, and its meter is on the rate’s scale', async () => {
    await new PortfolioPage(page).open(served.origin);
    const gate = page.getByTestId('gate-helpdesk_agent_offline');
    expect(await gate.textContent()).toBe('gate: lower bound of the bias-corrected pass rate ≥ 60% (hard)');
    const meter = page.getByTestId('target-card-helpdesk_agent_offline').locator('.score-meter');
    // No run yet: the meter says so; the chat target's meter names its gate on the tick.
    expect(await meter.count()).toBe(0);
    expect(await page.getByTestId('gate-helpdesk_chat_offline').textContent()).toBe(
      'gate: average score ≥ 3.50 (hard)',
    );
    const chatMeter = page.getByTestId('target-card-helpdesk_chat_offline').locator('.score-meter');
    expect(await chatMeter.getAttribute('title')).toBe('gate: average score ≥ 3.50');
    expect(await page.getByText('no runs yet').count()).toBe(3); // once per card without runs, not twice
  });

  it('the run page names the metric and says the quarantined questions beside the pass rate', async () => {
    await new RunPage(page).open(served.origin, runId);
    expect(await page.getByTestId('gate-text').textContent()).toBe('average score ≥ 3.50 (hard gate)');
    expect(await page.getByTestId('quarantined-left-out').textContent()).toContain('(1 quarantined left out)');
  });
});
