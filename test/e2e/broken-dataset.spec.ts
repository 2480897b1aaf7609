// A dataset that does not parse (issue 49): its agent targets claim no "Text only" drawn from its missing questions,
// ▶ Run is off with the reason on the card, and the parse error itself is said once, in the banner.
import { describe, expect, it } from 'vitest';
import { PortfolioPage } from './pages/portfolio.page';
import { appPageForSuite } from './support/app-page';
import { serveEditedExample } from './support/serve';

describe('a dataset that does not parse', () => {
  const app = appPageForSuite({
    serve: () => serveEditedExample({ 'datasets/helpdesk.yaml': (text) => `${text}\n  - id: [unclosed\n` }),
  });

  it('leaves ▶ Run off on the targets that use it, says why once per card, and claims no "Text only"', async () => {
    const { page, served } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    const agent = portfolio.card('helpdesk_agent_offline');
    await expect
      .poll(() => agent.getByTestId('dataset-not-loaded-helpdesk_agent_offline').innerText())
      .toBe(
        'Dataset "helpdesk" did not load: fix the problems listed at the top (or by ai-eval validate) to run this target.',
      );
    expect(await agent.innerText()).not.toContain('Text only');
    expect(await portfolio.runButton('helpdesk_agent_offline').isDisabled()).toBe(true);
    expect(await portfolio.runButton('helpdesk_chat_offline').isDisabled()).toBe(true);
    const banner = page.getByTestId('workspace-errors');
    expect(await banner.innerText()).toContain('datasets/helpdesk.yaml');
    // The parse error is in the banner only, not repeated on each card.
    expect(await agent.innerText()).not.toContain('datasets/helpdesk.yaml:');
  });
});
