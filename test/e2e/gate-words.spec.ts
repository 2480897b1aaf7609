// The gate named the same way everywhere: its metric and bound on the target card (and its meter's tick), its metric
// on the run page, with the quarantined questions said beside the pass rate they were left out of.
import { describe, expect, it } from 'vitest';
import { PortfolioPage } from './pages/portfolio.page';
import { RunPage } from './pages/run.page';
import { appPageForSuite } from './support/app-page';
import { runByCli, serveEditedExample, type Served } from './support/serve';

/** The example with the corrected pass rate as the agent targets' gate, and a question in the chat target's quarantine. */
function serveGateWords(): Promise<Served> {
  return serveEditedExample({
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
}

describe('gate words on the card and the run page', () => {
  let runId = '';
  // The chat target has run (by the CLI) before the app first loads.
  const app = appPageForSuite({
    setupTimeoutMs: 120_000,
    serve: async () => {
      const served = await serveGateWords();
      const run = await runByCli(served, 'helpdesk_chat_offline');
      if (run.code !== 0 || !run.runId) {
        await served.stop();
        throw new Error(`ai-eval run exited with ${run.code}: ${run.stderr}`);
      }
      runId = run.runId;
      return served;
    },
  });

  it('the card names the metric and the bound, and its meter is on the rate’s scale', async () => {
    const { page, served } = app;
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
    const { page, served } = app;
    await new RunPage(page).open(served.origin, runId);
    expect(await page.getByTestId('gate-text').textContent()).toBe('average score ≥ 3.50 (hard gate)');
    expect(await page.getByTestId('quarantined-left-out').textContent()).toContain('(1 quarantined left out)');
  });
});
