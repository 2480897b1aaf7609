// Takes the README screenshots from the real UI: `npm run build:web && tsx scripts/screenshots.ts`.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../test/e2e/support/browser';
import { serveExample } from '../test/e2e/support/serve';
import { takeOptimizerShots } from './optimizer-screenshots';
import { runOfflineTargets, takeRunShots } from './run-screenshots';

const shots: readonly (readonly [string, string, string])[] = [
  ['portfolio', '#/targets', '[data-testid=portfolio] .card'],
  ['dataset-editor', '#/datasets/helpdesk', '.monaco-editor .view-lines'],
  ['targets-editor', '#/targets/helpdesk_agent/edit', '[data-testid=target-model-list-note]:not(:text("Fetching"))'],
  ['settings', '#/settings', '[data-testid=settings-connections] .card'],
  ['results', '#/results', '[data-testid=runs-table]'],
  ['judges', '#/judges', '[data-testid=judges-table]'],
  ['judge-labeling', '#/judges/accuracy_grader/label', '[data-testid=judge-saw]'],
];

const only = process.argv.slice(2);
mkdirSync('docs/screenshots', { recursive: true });
const served = await serveExample();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 820 }, colorScheme: 'light' });
  await page.goto(served.url);
  const runs = await runOfflineTargets(page, served.origin);
  // The labeling shot needs a gold set: the same sample the Judges screen's "Sample 30" draws.
  const sampled = await page.request.post(`${served.origin}/rpc/judges.sample`, {
    data: { grader: 'accuracy_grader', n: 30 },
  });
  // Six items labelled as the judge scored them, then validated: the judges shot shows a judge with too few labels.
  const { value: sample } = (await sampled.json()) as { value: { items: { id: string; judge_score: number }[] } };
  for (const item of sample.items.slice(0, 6))
    await page.request.post(`${served.origin}/rpc/labels.submit`, {
      data: { subjectType: 'gold_item', subjectId: item.id, verdict: item.judge_score >= 3.5 ? 'pass' : 'fail' },
    });
  await page.request.post(`${served.origin}/rpc/judges.validate`, { data: { grader: 'accuracy_grader' } });
  for (const [name, hash, ready] of shots) {
    if (only.length && !only.includes(name)) continue;
    await page.goto(`${served.origin}/${hash}`);
    await page.locator(ready).first().waitFor();
    // A label moves on: the shot shows the next item with the last label's judge verdict above it.
    if (name === 'judge-labeling') await page.keyboard.press('p');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `docs/screenshots/${name}.png` });
    console.log(`docs/screenshots/${name}.png`);
  }
  if (!only.length || only.includes('traces')) {
    await page.goto(`${served.origin}/#/traces`);
    await page.getByTestId('import-traces').click();
    await page.getByTestId('review-item').waitFor();
    await page.keyboard.press('p');
    await page.getByTestId('queue-progress').filter({ hasText: '1 / 36' }).waitFor();
    await page.screenshot({ path: 'docs/screenshots/traces.png' });
    console.log('docs/screenshots/traces.png');
  }
  await takeRunShots(browser, served, runs, only);
  await takeOptimizerShots(browser, only);
} finally {
  await browser.close();
  await served.stop();
}
