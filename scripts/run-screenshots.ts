// The run screenshots: the offline targets run through the UI first (so every screen has results), then the run
// monitor mid-run (a workspace whose answers the fake library model holds back) and a run with an expanded question.
import type { Browser, Page } from 'playwright-core';
import { startFakeProviderServer } from '../test/fixtures/fake-provider-server';
import { heldScript } from '../test/fixtures/held-script';
import { libraryModel } from '../test/fixtures/library-model';
import { PortfolioPage } from '../test/e2e/pages/portfolio.page';
import { RunPage } from '../test/e2e/pages/run.page';
import { serveExample } from '../test/e2e/support/serve';
import { exampleOn } from '../test/support/online-example';

export const RUN_SHOTS = ['run-monitor', 'run'] as const;

export type OfflineRuns = Readonly<{ chat: readonly string[]; agent: readonly string[] }>;

const VIEWPORT = { width: 1360, height: 820 };

/** Presses Run on a target and waits until the run has ended; returns its id. */
async function runToEnd(page: Page, origin: string, targetId: string): Promise<string> {
  const portfolio = new PortfolioPage(page);
  await portfolio.open(origin);
  const runId = await portfolio.run(targetId);
  await new RunPage(page).waitForVerdict();
  return runId;
}

/** Runs the offline chat target twice and the agent once from the portfolio, so cards and trends have data. */
export async function runOfflineTargets(page: Page, origin: string): Promise<OfflineRuns> {
  const chat = [
    await runToEnd(page, origin, 'helpdesk_chat_offline'),
    await runToEnd(page, origin, 'helpdesk_chat_offline'),
  ];
  const agent = [await runToEnd(page, origin, 'helpdesk_agent_offline')];
  return { chat, agent };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300); // let fonts and the last layout settle; nothing to await on
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
  console.log(`docs/screenshots/${name}.png`);
}

/** The monitor of a run whose first answers are in and whose others the fake server still holds. */
async function monitorShot(browser: Browser): Promise<void> {
  const held = heldScript(libraryModel);
  const fake = await startFakeProviderServer({ script: held.script, record: false });
  const served = await serveExample({ workspaceDir: exampleOn(fake.url), init: false });
  const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'light' });
  try {
    await page.goto(served.url);
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    await portfolio.enable('helpdesk_chat'); // the example ships its live targets disabled
    await portfolio.run('helpdesk_chat');
    const run = new RunPage(page);
    await run.monitor().waitFor();
    for (let answered = 1; answered <= 3; answered += 1) {
      await held.whenWaiting(1);
      held.releaseOne();
      await run
        .done()
        .filter({ hasText: `${answered} / ` })
        .waitFor();
    }
    await run.scoreStream().nth(2).waitFor();
    await shoot(page, 'run-monitor');
  } finally {
    held.releaseAll();
    await page.close();
    await served.stop();
    await fake.close();
  }
}

/** `served`: the URL with its token (each page is a new browser context) and the origin of the example served. */
export async function takeRunShots(
  browser: Browser,
  served: Readonly<{ url: string; origin: string }>,
  runs: OfflineRuns,
  only: readonly string[],
): Promise<void> {
  const { origin } = served;
  const wanted = (name: (typeof RUN_SHOTS)[number]) => only.length === 0 || only.includes(name);
  if (wanted('run-monitor')) await monitorShot(browser);
  // Tall, like the optimizer's detail shots: the app scrolls inside its frame, so a full-page shot is the viewport.
  // The served URL's token works once and the first page spent it: this page gets that page's cookie instead.
  const signedIn = browser.contexts()[0];
  if (!signedIn) throw new Error('the run screenshots need the signed-in page of the offline runs');
  const context = await browser.newContext({ viewport: { width: VIEWPORT.width, height: 1300 }, colorScheme: 'light' });
  await context.addCookies(await signedIn.cookies());
  const page = await context.newPage();
  try {
    const [chat] = runs.chat;
    if (!chat) throw new Error('the run screenshots need a chat run');
    if (wanted('run')) {
      const run = new RunPage(page);
      await run.open(origin, chat);
      await run.waitForVerdict();
      await run.expand('late_fees');
      // The question list scrolls inside its card: bring the expanded question to its top.
      await run.questionRow('late_fees').evaluate((row) => row.scrollIntoView({ block: 'start' }));
      await shoot(page, 'run');
    }
  } finally {
    await context.close();
  }
}
