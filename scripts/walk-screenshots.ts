// Screenshots of the screens the daily walk's second pass (issue 49) changed, at 1440x900 and 1024x768, over the 30
// generated runs of the history seed: Results, the matrix of two runs, prompt candidates on a replay target, Judges,
// Optimizer, Traces and Settings. `npm run build:web && npx tsx scripts/walk-screenshots.ts [OUT_DIR] [name…]`
// (default docs/screenshots).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/e2e/support/browser';
import { HISTORY_TARGET, serveHistory } from '../test/e2e/support/history-seed';

const [outArg, ...only] = process.argv.slice(2);
const OUT = outArg ?? join(import.meta.dirname, '..', 'docs', 'screenshots');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;
mkdirSync(OUT, { recursive: true });

type Shot = Readonly<{ name: string; hash: string; ready: string; then?: (page: Page) => Promise<void> }>;

const { served, runIds } = await serveHistory();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: SIZES[0], colorScheme: 'light' });
  await page.goto(served.url); // the one-time link signs this browser in
  const shots: Shot[] = [
    { name: 'walk-results', hash: '#/results', ready: '[data-testid=runs-table]' },
    { name: 'walk-run', hash: `#/runs/${runIds.at(-1)}`, ready: '[data-testid=verdict]' },
    { name: 'walk-matrix', hash: `#/matrix/${runIds[0]}/${runIds[1]}`, ready: '[data-testid^=matrix-row-]' },
    {
      name: 'walk-matrix-scrolled',
      hash: `#/matrix/${runIds[0]}/${runIds[1]}`,
      ready: '[data-testid^=matrix-row-]',
      then: (shown) => shown.locator('.main').evaluate((main) => main.scrollBy(0, 900)),
    },
    { name: 'walk-compare-prompts', hash: `#/optimizer/compare/${HISTORY_TARGET}`, ready: '[data-testid=variant-1]' },
    { name: 'walk-optimizer', hash: '#/optimizer', ready: '[data-testid^=optimize-disabled-]' },
    { name: 'walk-judges', hash: '#/judges', ready: 'main h1' },
    { name: 'walk-traces', hash: '#/traces', ready: 'main h1' },
    {
      name: 'walk-settings',
      hash: '#/settings',
      ready: '[data-testid=setting-ollama-schedule]',
      then: (shown) => shown.getByTestId('setting-ollama-schedule').scrollIntoViewIfNeeded(),
    },
  ];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const shot of shots) {
      if (only.length && !only.includes(shot.name)) continue;
      await page.goto(`${served.origin}/${shot.hash}`);
      await page.locator(shot.ready).first().waitFor();
      await shot.then?.(page);
      await page.waitForTimeout(300); // fonts and the last layout settle; nothing to await on
      const path = join(OUT, `${shot.name}-${size.width}x${size.height}.png`);
      await page.screenshot({ path });
      console.log(path);
    }
  }
} finally {
  await browser.close();
  await served.stop();
}
