// Screenshots of active labeling and the judges screen's drift and length-bias probes, at 1440x900 and 1024x768:
// `npm run build:web && tsx scripts/judge-probes-screenshots.ts`.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../test/e2e/support/browser';
import { PROBED_GRADER, serveJudgeProbes } from '../test/e2e/support/judge-probes-seed';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

mkdirSync('docs/screenshots', { recursive: true });
const served = await serveJudgeProbes();
const browser = await launchBrowser();
try {
  // One page: the served URL's token signs in once.
  const page = await browser.newPage({ viewport: SIZES[0], colorScheme: 'light' });
  await page.goto(served.url);
  for (const [n, viewport] of SIZES.entries()) {
    await page.setViewportSize(viewport);
    await page.goto(`${served.origin}/#/judges/${PROBED_GRADER}/label`);
    await page.getByTestId('active-width').waitFor();
    await page.getByTestId('label-order-shrink the interval most').click();
    // One label in the first size, so both show a last label's before and after width.
    if (n === 0) await page.keyboard.press('f');
    await page.getByTestId('active-width-change').waitFor();
    // The second size with a 1-point step: the last 3 labels shrank the width by less, so labels stopped paying.
    if (n === 1) {
      await page.getByTestId('active-step').fill('1');
      await page.locator('[data-testid=active-stop].callout').waitFor();
    }
    const size = `${viewport.width}x${viewport.height}`;
    await page.screenshot({ path: `docs/screenshots/active-labeling-${size}.png` });
    await page.goto(`${served.origin}/#/judges`);
    await page.getByTestId(`judge-probes-${PROBED_GRADER}`).scrollIntoViewIfNeeded();
    await page.getByTestId(`length-bias-${PROBED_GRADER}`).waitFor();
    await page.screenshot({ path: `docs/screenshots/judge-drift-${size}.png` });
    console.log(`docs/screenshots/{active-labeling,judge-drift}-${size}.png`);
  }
} finally {
  await browser.close();
  await served.stop();
}
