// Screenshots of question history (issue 34) at 1440x900 and 1024x768: a target's "what changed", its tags' small
// multiples, and a question's timeline (a regressed one, and a reworded one whose text change starts a new history),
// over 30 generated runs. `npm run -s build:web && npx tsx scripts/history-screenshots.ts`
import { join } from 'node:path';
import { launchBrowser } from '../test/e2e/support/browser';
import { HISTORY_TARGET, serveHistory } from '../test/e2e/support/history-seed';
import { rpc } from '../test/e2e/support/serve';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

const { served } = await serveHistory();
await rpc(served, 'workspace.trust', {}); // as a user's workspace is: no restricted-mode banner over the screens
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(served.url);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const suffix = `${size.width}x${size.height}`;
    await page.goto(`${served.origin}/#/results/${HISTORY_TARGET}`);
    await page.getByTestId('what-changed-summary').waitFor();
    await page.evaluate(`document.querySelector('[data-testid=what-changed]').scrollIntoView({ block: 'start' })`);
    await page.screenshot({ path: join(OUT, `history-what-changed-${suffix}.png`) });
    await page.evaluate(`document.querySelector('[data-testid=tags-over-time]').scrollIntoView({ block: 'start' })`);
    await page.screenshot({ path: join(OUT, `history-tags-${suffix}.png`) });
    await page.getByTestId('timeline-link-regressed_00').click();
    await page.getByTestId('timeline-chart').waitFor();
    await page.screenshot({ path: join(OUT, `history-timeline-${suffix}.png`) });
    await page.goto(`${served.origin}/#/history/${HISTORY_TARGET}/reworded`);
    await page.getByTestId('timeline-text-changed').waitFor();
    await page.screenshot({ path: join(OUT, `history-timeline-reworded-${suffix}.png`) });
  }
} finally {
  await browser.close();
  await served.stop();
}
