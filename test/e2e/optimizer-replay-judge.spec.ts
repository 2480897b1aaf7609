// The optimizer card of the example after its judge moved to a live connection: the replayed proposer has no
// recording, and the card shows that failure with its reason, not the "No candidates yet. Press Optimize" state.
import { describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../fixtures/fake-provider-server';
import { judgeScript } from '../fixtures/fake-scripts';
import { exampleOn } from '../support/online-example';
import { OptimizerPage } from './pages/optimizer.page';
import { appPageForSuite } from './support/app-page';
import { serveExample } from './support/serve';

describe('optimizer card after the judge changed', () => {
  let judge: FakeProviderServer;
  const app = appPageForSuite({
    serve: async () => {
      judge = await startFakeProviderServer({ script: judgeScript({ score: 3, reason: 'partly right' }) });
      return serveExample({ workspaceDir: exampleOn(judge.url), init: false });
    },
    afterStop: () => judge?.close(),
  });

  it('shows why the proposer found no recording and what to do', async () => {
    const { page, served } = app;
    const optimizer = new OptimizerPage(page);
    await optimizer.openList(served.origin);
    const card = page.getByTestId('optimizer-target-helpdesk_chat_offline');
    await page.getByTestId('propose-helpdesk_chat_offline').check();
    await optimizer.optimize('helpdesk_chat_offline');
    const outcome = page.getByTestId('job-helpdesk_chat_offline-outcome');
    await outcome.waitFor({ timeout: 90_000 });
    const text = (await outcome.textContent()) ?? '';
    expect(text).toMatch(/^error: attempt 1: the proposer offline\/llama3\.1:8b failed: /);
    expect(text).toContain('not as the judge now set (local/llama3.1:8b) scores it');
    expect(text).toContain('set judge back to offline/llama3.1:8b in aieval.yaml (Settings)');
    expect(await outcome.getAttribute('class')).toContain('error-count');
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).not.toContain('No candidates yet');
    expect(cardText).not.toContain('Press Optimize');
    expect(cardText).toContain('No candidates: the optimization above failed before it proposed one.');
  }, 120_000);
});
