// The local-Ollama screenshots: a run of a target and a judge on two models of one fake Ollama that holds one model at
// a time, shot while it judges (phase, model loads, measured concurrency) and once it has ended (the run page's facts).
// Run: CHROMIUM_PATH=/usr/bin/chromium node --import tsx scripts/local-run-screenshot.ts (after npm run build:web)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startFakeProviderServer } from '../test/fixtures/fake-provider-server';
import { isJudgePrompt } from '../test/fixtures/fake-scripts';
import { launchBrowser } from '../test/e2e/support/browser';
import { serveExample } from '../test/e2e/support/serve';
import { PortfolioPage } from '../test/e2e/pages/portfolio.page';
import { RunPage } from '../test/e2e/pages/run.page';

const fake = await startFakeProviderServer({
  record: false,
  models: ['llama3.1:8b', 'qwen3:8b'],
  ollama: { loadMs: 2000, modelsThatFit: 1, parallel: 2 },
  script: (request) =>
    isJudgePrompt(request)
      ? { text: '{"score": 4, "reason": "States the 21-day loan and the two renewals."}', delayMs: 900 }
      : { text: 'Books are lent for 21 days and can be renewed twice.', delayMs: 300 },
});
const dir = mkdtempSync(join(tmpdir(), 'aieval-local-shot-'));
mkdirSync(join(dir, 'datasets'));
writeFileSync(
  join(dir, 'aieval.yaml'),
  stringify({
    version: 1,
    providers: { local: { kind: 'ollama', base_url: fake.url } },
    judge: { provider: 'local', model: 'qwen3:8b' },
    targets: [
      {
        id: 'helpdesk_local',
        provider: 'local',
        model: 'llama3.1:8b',
        system_prompt: 'You answer questions about the library from its rules.',
        dataset: 'loans',
        graders: ['relevance_grader', 'completeness_grader'],
      },
    ],
  }),
);
writeFileSync(
  join(dir, 'datasets', 'loans.yaml'),
  stringify({
    id: 'loans',
    version: '1.0.0',
    questions: Array.from({ length: 16 }, (_, i) => ({
      id: `loan_${i + 1}`,
      input: `How long can I keep item ${i + 1}?`,
    })),
  }),
);
const served = await serveExample({ workspaceDir: dir, init: false });
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 820 }, colorScheme: 'light' });
  await page.goto(served.url);
  const portfolio = new PortfolioPage(page);
  await portfolio.open(served.origin);
  await portfolio.run('helpdesk_local');
  await page.getByTestId('run-local').getByText('judging').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'docs/screenshots/local-run-monitor.png' });
  await new RunPage(page).waitForVerdict();
  await page.getByText('Run identity').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'docs/screenshots/local-run.png' });
  console.log('docs/screenshots/local-run-monitor.png docs/screenshots/local-run.png');
} finally {
  await browser.close();
  await served.stop();
  await fake.close();
}
