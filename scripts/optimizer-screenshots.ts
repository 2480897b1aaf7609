// The optimizer's screenshots: a workspace on the fake provider with real candidates, seeded through the backend.
import type { Browser, Page } from 'playwright-core';
import { serveWithCandidates } from '../test/e2e/support/optimizer-seed';

export const OPTIMIZER_SHOTS = [
  'optimizer',
  'optimizer-candidate',
  'optimizer-candidate-dark',
  'optimizer-compare',
  'matrix',
  'matrix-1440x900',
  'matrix-1024x768',
] as const;

/** The window of a shot: its name's size suffix, else the size each README shot has always had. */
function viewportOf(name: string): { width: number; height: number } {
  const sized = /-(\d+)x(\d+)$/.exec(name);
  if (sized) return { width: Number(sized[1]), height: Number(sized[2]) };
  return { width: 1360, height: name === 'optimizer' ? 820 : name === 'matrix' ? 900 : 1500 };
}

/** Writes two prompt variants beside the target's own on the compare page and runs them to their results. */
async function runVariants(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/#/optimizer/compare/helpdesk_chat`);
  await page.getByTestId('variant-1').and(page.locator(':not(:empty)')).waitFor();
  await page
    .getByTestId('variant-2')
    .fill('GOOD\nAnswer library questions.\nGive the exact opening hours of the branch asked about.');
  await page.getByTestId('add-variant').click();
  await page.getByTestId('variant-3').fill('NOISY\nAnswer library questions kindly.');
  await page.getByTestId('run-compare').click();
  await page.getByTestId('variant-questions').waitFor();
}

export async function takeOptimizerShots(browser: Browser, only: readonly string[]): Promise<void> {
  const wanted = OPTIMIZER_SHOTS.filter((name) => only.length === 0 || only.includes(name));
  if (wanted.length === 0) return;
  const seed = await serveWithCandidates();
  try {
    const pending = seed.candidates.find((candidate) => candidate.status === 'pending');
    if (!pending) throw new Error('the seeded optimization left no pending candidate');
    // The served URL's token works once: the first context trades it for the cookie, every shot's context reuses it.
    const signedIn = await browser.newContext();
    await (await signedIn.newPage()).goto(seed.served.url);
    const cookies = await signedIn.cookies();
    await signedIn.close();
    for (const name of wanted) {
      const context = await browser.newContext({
        viewport: viewportOf(name),
        colorScheme: name.endsWith('-dark') ? 'dark' : 'light',
      });
      await context.addCookies(cookies);
      const page = await context.newPage();
      if (name === 'optimizer') {
        await page.goto(`${seed.served.origin}/#/optimizer`);
        await page.getByTestId('candidates-table').first().waitFor();
      } else if (name === 'optimizer-compare') {
        await runVariants(page, seed.served.origin);
      } else if (name.startsWith('matrix')) {
        await runVariants(page, seed.served.origin);
        await page.getByTestId('variants-side-by-side').click();
        await page.getByTestId('matrix-grid').focus();
        await page.keyboard.press('+'); // the first answer rated good: the ✓ count in its column's header
        await page.keyboard.press(']');
        await page.keyboard.press('b'); // the first row's second answer rated better: a mark once the focus moves on
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.locator('[data-testid^=matrix-detail-]').waitFor();
        await page.getByTestId('rating-mark').first().waitFor();
      } else {
        await page.goto(`${seed.served.origin}/#/optimizer/${pending.id}`);
        await page.locator('.monaco-diff-editor .view-lines').first().waitFor();
        await page.getByTestId('score-strip').waitFor();
      }
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `docs/screenshots/${name}.png`,
        fullPage: name !== 'optimizer' && !name.startsWith('matrix'),
      });
      console.log(`docs/screenshots/${name}.png`);
      await context.close();
    }
  } finally {
    await seed.stop();
  }
}
