// The main run flow in the browser: Run on the portfolio, the run to its verdict, a judge's reason, an annotation
// that survives a reload, a second run, and the two side by side; then a live run watched mid-way and a hostile answer.
import { describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer, type FakeRequest } from '../fixtures/fake-provider-server';
import { isJudgePrompt, lastUserText } from '../fixtures/fake-scripts';
import { heldScript, type HeldScript } from '../fixtures/held-script';
import { libraryModel } from '../fixtures/library-model';
import { exampleOn } from '../support/online-example';
import { PortfolioPage } from './pages/portfolio.page';
import { ResultsPage } from './pages/results.page';
import { RunPage } from './pages/run.page';
import { appPageForSuite } from './support/app-page';
import { serveExample } from './support/serve';

const QUESTIONS = 21; // the example dataset's enabled questions
const FAILED = 6; // the chat target fails the four fee questions and the two that need the catalogue tools

describe('run flow on the offline example', () => {
  const app = appPageForSuite({ actionTimeoutMs: 15_000 });
  const runIds: string[] = [];

  it('runs helpdesk_chat_offline from the portfolio to its verdict and shows a judge’s reason', async () => {
    const { page, served } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    runIds.push(await portfolio.run('helpdesk_chat_offline'));
    const run = new RunPage(page);
    await run.waitForVerdict();
    await expect.poll(() => run.verdict().innerText()).toMatch(/gate passed\s*avg_score \d\.\d\d ≥ 3\.50/);
    await expect
      .poll(() => run.verdict().innerText())
      .toContain(`${QUESTIONS - FAILED} passed · ${FAILED} failed · 0 degraded · 0 unscored`);

    await run.expand('late_fees');
    const reason = run.reason('late_fees', 'fact_match_grader');
    await expect
      .poll(() => reason.textContent())
      .toBe(
        'Mentions the daily fee of 0.20 EUR, but not the five-day total of 1.00 EUR, which the ground truth requires.',
      );
    expect(await reason.getAttribute('title')).toBe(await reason.textContent());
    expect(await run.grader('late_fees', 'fact_match_grader').textContent()).toContain('3 / 5');
    expect(await run.response('late_fees').textContent()).toContain('Late fees are 0.20 EUR per item per day');
  });

  it('annotates the question (fail + notes) and finds the label again after a reload', async () => {
    const { page } = app;
    const run = new RunPage(page);
    const notes = 'Never works out the total for five days (1.00 EUR).';
    await run.annotate('late_fees', 'fail', notes);
    await page.reload();
    await run.waitForVerdict();
    await run.expand('late_fees');
    await expect.poll(() => run.verdictButton('late_fees', 'fail').getAttribute('aria-checked')).toBe('true');
    expect(await run.verdictButton('late_fees', 'pass').getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => run.notes('late_fees').inputValue()).toBe(notes);
  });

  it('runs the target again, then compares the two runs from the results dashboard', async () => {
    const { page, served } = app;
    runIds.push(await new PortfolioPage(page).runToVerdict(served.origin, 'helpdesk_chat_offline'));
    const [first, second] = runIds as [string, string];
    expect(second).not.toBe(first);

    const results = new ResultsPage(page);
    await results.openFromNav();
    await results.runLink(second).waitFor();
    // Ticked newest first, opened oldest first: the oldest run ticked is the baseline, column 1.
    await results.pick(second);
    await results.pick(first);
    const compare = await results.compare();
    expect(page.url()).toContain(`#/matrix/${encodeURIComponent(first)}/${encodeURIComponent(second)}`);
    await expect.poll(() => compare.baselineNote(0).textContent()).toMatch(/^Baseline, the oldest run here: /);

    // Two runs of one target and model: each column is told apart by its run, in its title and in the sticky strip.
    const titles = await page.locator('.matrix-column-title a').allTextContents();
    expect(titles).toEqual([
      `helpdesk_chat_offline · llama3.1:8b · run ${first}`,
      `helpdesk_chat_offline · llama3.1:8b · run ${second}`,
    ]);
    expect(await page.getByTestId('matrix-strip').innerText()).toContain(`run ${second}`);
    expect(await page.getByTestId('matrix-column-run-1').innerText()).toMatch(new RegExp(`^run ${second} · finished `));

    // The rows take the page, not a box of their own, and the keyboard is on them from the start.
    expect(await page.evaluate(`document.activeElement?.dataset.testid`)).toBe('matrix-grid');
    const grid = compare.grid();
    expect(await grid.evaluate((element) => element.scrollHeight - element.clientHeight)).toBe(0);

    // Replayed from one cassette, the two runs answer and score alike: no difference, and no row disagrees.
    await expect.poll(() => compare.verdict(1).textContent()).toMatch(/: no difference beyond noise \(score 0\.00, /);
    await expect.poll(() => compare.count().textContent()).toBe(`${QUESTIONS} of ${QUESTIONS} rows`);
    await compare.only('disagreements').check();
    await expect.poll(() => compare.empty().textContent()).toBe('No question matches these filters.');
    await compare.only('disagreements').uncheck();
    await compare.only('failures').check();
    await expect.poll(() => compare.count().textContent()).toBe(`${FAILED} of ${QUESTIONS} rows`);

    // The keyboard opens a row (the filters took the focus: back to the rows): both whole answers and their (empty)
    // word diff.
    await compare.grid().focus();
    await page.keyboard.press('Enter');
    const opened = compare.rows().first();
    const questionId = (await opened.getAttribute('data-testid'))!.replace('matrix-row-', '');
    await compare.detail(questionId).waitFor();
    await expect.poll(() => compare.diff().locator('ins, del').count()).toBe(0);

    // ] moves to the second column, + gives its answer a thumbs up, stored as the result's label.
    await page.keyboard.press(']');
    await page.keyboard.press('+');
    await expect.poll(() => compare.ratings(1).textContent()).toBe('✓ 1 · ✕ 0');
    const csv = await compare.exported('csv');
    const [header, firstRow] = csv.split('\r\n');
    expect(header).toMatch(/^question_id,tags,1:.* verdict,1:.* score,1:.* sd,1:.* rating,/);
    expect(firstRow).toMatch(new RegExp(`^${questionId},.*,pass,`));
    expect(csv.trimEnd().split('\r\n')).toHaveLength(FAILED + 1); // the header and the failing rows
    await page.reload();
    await expect.poll(() => compare.ratings(1).textContent()).toBe('✓ 1 · ✕ 0');
  });
});

/** The Sunday answer of the second workspace: markdown a sanitiser must keep, and markup it must neutralise. */
const HOSTILE =
  'Open 12:00 to 17:00 on **Sundays**. <img src=x onerror="window.__xss = 1"> <script>window.__xss = 2</script> See you soon.';

describe('a live run watched mid-way, and a hostile answer rendered inert', () => {
  let fake: FakeProviderServer;
  let held: HeldScript;
  const app = appPageForSuite({
    serve: async () => {
      const hostileOnSundays = (request: FakeRequest) =>
        !isJudgePrompt(request) && /open on Sundays/.test(lastUserText(request))
          ? { text: HOSTILE }
          : libraryModel(request);
      held = heldScript(hostileOnSundays);
      fake = await startFakeProviderServer({ script: held.script });
      return serveExample({ workspaceDir: exampleOn(fake.url), init: false });
    },
    actionTimeoutMs: 15_000,
    beforeStop: () => held?.releaseAll(),
    afterStop: () => fake?.close(),
  });

  it('shows live progress on the run monitor while answers arrive, then the verdict', async () => {
    const { page, served } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    await portfolio.enable('helpdesk_chat'); // the example ships it disabled: Run is off until then
    await portfolio.run('helpdesk_chat');
    const run = new RunPage(page);
    await run.monitor().waitFor();
    await held.whenWaiting(1);
    await expect.poll(() => run.done().textContent()).toBe(`0 / ${QUESTIONS}`);
    await expect.poll(() => run.monitor().textContent()).toContain('Waiting for the first answers…');
    expect(await run.emptyQuestions().textContent()).toBe('No answers yet: rows appear here as they arrive.');

    held.releaseOne();
    await expect.poll(() => run.done().textContent(), { timeout: 15_000 }).toBe(`1 / ${QUESTIONS}`);
    await expect.poll(() => run.scoreStream().count()).toBe(1);
    const [first] = await run.streamIds();
    // The answer is in the list at once, under "all" and under its own status, and absent from the others.
    await expect.poll(() => run.questionRows().count()).toBe(1);
    expect(await run.questionRows().first().getAttribute('data-testid')).toBe(`question-${first}`);
    const status = await run.questionRows().first().locator('[data-status]').getAttribute('data-status');
    await run.filter(status === 'pass' ? 'passed' : 'failed');
    await expect.poll(() => run.questionRows().count()).toBe(1);
    await run.filter(status === 'pass' ? 'failed' : 'passed');
    await expect
      .poll(() => run.emptyQuestions().textContent())
      .toBe('None of the 1 answers so far matches this filter.');
    await run.filter('all');

    held.releaseOne();
    await expect.poll(() => run.done().textContent(), { timeout: 15_000 }).toBe(`2 / ${QUESTIONS}`);
    await expect.poll(() => run.questionRows().count()).toBe(2);
    // The latest answers read newest first.
    await expect.poll(() => run.streamIds()).toHaveLength(2);
    const [newest, older] = await run.streamIds();
    expect(older).toBe(first);
    expect(newest).not.toBe(first);

    held.releaseAll();
    await run.waitForVerdict();
    await expect.poll(() => run.verdict().textContent()).toContain('0 degraded');
  });

  it('lists the questions when the run ends, without a reload', async () => {
    const { page } = app;
    await expect.poll(() => new RunPage(page).questionRows().count(), { timeout: 3000 }).toBe(QUESTIONS);
  });

  it('renders the hostile answer as inert text: no image, no script, nothing executed', async () => {
    const { page } = app;
    const run = new RunPage(page);
    await expect.poll(() => run.questionRow('sunday_hours').textContent()).toContain('<img src=x onerror=');
    await run.expand('sunday_hours');
    const response = run.response('sunday_hours');
    await expect.poll(() => response.textContent()).toContain('Open 12:00 to 17:00 on Sundays.');
    expect(await response.locator('strong').textContent()).toBe('Sundays');
    expect(await response.locator('img, script, [onerror]').count()).toBe(0);
    expect(await page.getByTestId('questions').locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
