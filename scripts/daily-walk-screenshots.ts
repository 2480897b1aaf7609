// Screenshots of the screens issue 37 changed, at 1440x900 and 1024x768: the dataset editor, New dataset, the
// envelope import on Results and the optimizer card whose proposer found no recording. `npx tsx scripts/daily-walk-screenshots.ts`
import { join } from 'node:path';
import { startFakeProviderServer } from '../test/fixtures/fake-provider-server';
import { judgeScript } from '../test/fixtures/fake-scripts';
import { exampleOn } from '../test/support/online-example';
import { launchBrowser } from '../test/e2e/support/browser';
import { serveExample } from '../test/e2e/support/serve';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const EEE = join(import.meta.dirname, '..', 'test', 'fixtures', 'eee');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

const judge = await startFakeProviderServer({ script: judgeScript({ score: 3, reason: 'partly right' }) });
const served = await serveExample({ workspaceDir: exampleOn(judge.url), init: false });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(served.url);
  // The optimizer's failure first (the job stays in the service's list for both sizes).
  await page.goto(`${served.origin}/#/optimizer`);
  await page.getByTestId('propose-helpdesk_chat_offline').check();
  await page.getByTestId('optimize-helpdesk_chat_offline').click();
  await page.getByTestId('job-helpdesk_chat_offline-outcome').waitFor({ timeout: 90_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const suffix = `${size.width}x${size.height}`;
    await page.goto(`${served.origin}/#/optimizer`);
    await page.getByTestId('job-helpdesk_chat_offline-outcome').waitFor();
    await page.getByTestId('optimizer-target-helpdesk_chat_offline').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, `optimizer-replay-miss-${suffix}.png`) });
    await page.goto(`${served.origin}/#/datasets/helpdesk`);
    await page.locator('.monaco-editor .view-lines').waitFor();
    await page.getByTestId('question-table-count').waitFor();
    await page.screenshot({ path: join(OUT, `dataset-editor-${suffix}.png`) });
    await page.getByTestId('new-dataset').click();
    await page.locator('#new-dataset-id').fill('opening_hours');
    await page.locator('#new-dataset-question').fill('When is the main branch open on Sunday?');
    await page.screenshot({ path: join(OUT, `new-dataset-${suffix}.png`) });
    await page.goto(`${served.origin}/#/results`);
    await page
      .getByTestId('envelope-files')
      .setInputFiles([
        join(EEE, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json'),
        join(EEE, 'b16fbe7d-f0a9-4a72-92a2-77f5016b5e3f.json'),
      ]);
    await page.getByTestId('envelope-import-result').waitFor();
    await page.getByTestId('envelope-import').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, `envelope-import-${suffix}.png`) });
  }
} finally {
  await browser.close();
  await served.stop();
  await judge.close();
}
