// Comparing through the UI on the example, offline (the loopback fake model): two prompts of helpdesk_chat, then two
// models, each opened side by side in the matrix; filtered to disagreements, a row's diff, a cell rated, CSV exported.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer, type FakeRequest } from '../fixtures/fake-provider-server';
import { isJudgePrompt, lastUserText } from '../fixtures/fake-scripts';
import { libraryModel } from '../fixtures/library-model';
import { parseCsv } from '../support/csv';
import { exampleOn } from '../support/online-example';
import { MatrixPage } from './pages/results.page';
import { appPageForSuite } from './support/app-page';
import { serveExample } from './support/serve';

const QUESTIONS = 21; // the example dataset's enabled questions
const FEE_QUESTIONS = 4; // failed unless the prompt says to work out the total
const WORSE_MODEL = 'qwen3:8b';
const SUNDAY_DODGE = 'Please check our website for the opening hours on Sundays.';

/** The library model, except that the second model dodges the Sunday question: one question where the models disagree. */
const twoModels = (request: FakeRequest) =>
  request.model === WORSE_MODEL && !isJudgePrompt(request) && /open on Sundays/.test(lastUserText(request))
    ? { text: SUNDAY_DODGE }
    : libraryModel(request);

describe('compare prompts and models in the matrix', () => {
  let fake: FakeProviderServer;
  const app = appPageForSuite({
    serve: async () => {
      fake = await startFakeProviderServer({ script: twoModels });
      return serveExample({ workspaceDir: exampleOn(fake.url), init: false });
    },
    actionTimeoutMs: 20_000,
    setupTimeoutMs: 60_000,
    afterStop: () => fake?.close(),
  });

  /** Waits for the comparison job to end and follows its link to the matrix. */
  async function openSideBySide(): Promise<MatrixPage> {
    const { page } = app;
    await page.getByTestId('variants-side-by-side').waitFor({ timeout: 90_000 });
    await page.getByTestId('variants-side-by-side').click();
    await page.getByTestId('matrix-page').waitFor();
    return new MatrixPage(page);
  }

  it('compares two prompts: the one that says to work out the total improves the fee questions', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/optimizer`);
    await page.getByTestId('open-compare').click();
    await page.getByTestId('compare-target').selectOption('helpdesk_chat');
    const current = page.getByTestId('variant-1');
    await expect.poll(() => current.inputValue()).toContain('You are the help desk of the Riverside Library.');
    await page
      .getByTestId('variant-2')
      .fill(`${await current.inputValue()}Work out the total of any fee asked about.\n`);
    await page.getByTestId('run-compare').click();

    const matrix = await openSideBySide();
    await expect.poll(() => matrix.count().innerText()).toBe(`${QUESTIONS} of ${QUESTIONS} rows`);
    await expect
      .poll(() => matrix.verdict(1).innerText(), { timeout: 30_000 })
      .toMatch(new RegExp(`is better by .*; ${FEE_QUESTIONS} questions improved, 0 worse`));
    await matrix.only('disagreements').check();
    // Four fee questions flip from fail to pass; late_fees passes in both, its score up by more than the threshold.
    await expect
      .poll(() => matrix.rows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid'))))
      .toEqual(
        ['fee_capped', 'fee_three_books', 'fee_two_books', 'fee_two_capped', 'late_fees'].map(
          (id) => `matrix-row-${id}`,
        ),
      );
    expect(await matrix.count().innerText()).toBe(`5 of ${QUESTIONS} rows`);
    await expect.poll(() => matrix.row('late_fees').innerText()).toContain('1.00 EUR in total');
  });

  it('compares two models, filters to where they disagree, diffs the row, rates the cell and exports CSV', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/optimizer`);
    await page.getByTestId('open-compare-models').click();
    await page.getByTestId('compare-models-target').selectOption('helpdesk_chat');
    await expect.poll(() => page.getByTestId('model-name-1').inputValue()).toBe('llama3.1:8b');
    await page.getByTestId('model-name-2').fill(WORSE_MODEL);
    await page.getByTestId('run-compare-models').click();

    const matrix = await openSideBySide();
    await expect.poll(() => matrix.count().innerText()).toBe(`${QUESTIONS} of ${QUESTIONS} rows`);
    await expect
      .poll(() => matrix.verdict(1).innerText(), { timeout: 30_000 })
      .toMatch(
        /: no difference beyond noise \(score -0\.\d\d, 95% interval -\d\.\d\d to \+?\d\.\d\d\); 0 questions improved, 1 worse$/,
      ); // one question of 21
    await matrix.only('disagreements').check();
    await expect.poll(() => matrix.count().innerText()).toBe(`1 of ${QUESTIONS} rows`);
    const row = matrix.row('sunday_hours');
    expect(await row.innerText()).toContain(SUNDAY_DODGE);

    // Open the row: both whole answers and the word diff from the baseline's answer to the second model's.
    await row.locator('.matrix-question').click();
    await matrix.detail('sunday_hours').waitFor();
    const diff = matrix.diff();
    await expect.poll(() => diff.locator('del').count()).toBeGreaterThan(0);
    expect(await diff.locator('ins').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('website')]),
    );
    expect(await diff.locator('del').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('12:00')]),
    );

    // Rate the second model's answer worse than the baseline's: counted in its column's header.
    await row.getByTestId('prefer-worse').click();
    await expect.poll(() => matrix.preferences(1).innerText()).toMatch(/▲ 0 · = 0 · ▼ 1/);

    const [header, ...lines] = parseCsv(await matrix.exported('csv'));
    expect(header!.slice(0, 2)).toEqual(['question_id', 'tags']);
    expect(header).toHaveLength(2 + 2 * 6);
    expect(header![2]).toMatch(/^1:.*llama3\.1:8b verdict$/);
    expect(header![8]).toMatch(/^2:.*qwen3:8b verdict$/);
    expect(header![12]).toMatch(/^2:.* vs baseline$/);
    expect(lines).toHaveLength(1); // only the rows shown: the one disagreement
    const fields = lines[0]!;
    expect(fields[0]).toBe('sunday_hours');
    expect(fields[2]).toBe('pass'); // the baseline model answers the hours
    expect(fields[8]).toBe('fail'); // the second model dodges
    expect(Number(fields[3])).toBeGreaterThan(Number(fields[9]));
    expect(fields[12]).toBe('worse'); // the rating against the baseline
    expect(fields[13]).toBe(SUNDAY_DODGE);

    // The second column's EEE envelope carries its comparison with the baseline column.
    await page.getByTestId('matrix-column-1').getByTestId('export-run').click();
    const folder = await page.getByTestId('export-folder').innerText();
    const aggregate = readdirSync(folder).find((name) => name.endsWith('.json'))!;
    const exported = JSON.parse(readFileSync(join(folder, aggregate), 'utf8')) as {
      model_info: { name: string };
      evaluation_results: {
        metric_config: { metric_id: string };
        score_details: { details?: Record<string, string> };
      }[];
    };
    expect(exported.model_info.name).toBe(WORSE_MODEL);
    const versus = exported.evaluation_results.find(
      (r) => r.metric_config.metric_id === 'aieval.vs_baseline_pass_rate',
    );
    expect(versus?.score_details.details).toMatchObject({ improved: '0', worsened: '1' });

    // Every row again: the focus goes to the first row, which alone draws the rating buttons; the rated cell of the
    // row left behind shows its rating as a mark.
    await matrix.only('disagreements').uncheck();
    await expect.poll(() => matrix.count().innerText()).toBe(`${QUESTIONS} of ${QUESTIONS} rows`);
    const firstRow = matrix.rows().first();
    expect(await firstRow.getAttribute('aria-selected')).toBe('true');
    expect(await firstRow.getByTestId('prefer-worse').count()).toBe(1);
    await matrix.grid().press('End'); // the last question, weekday_hours: sunday_hours just above loses its buttons
    await expect.poll(() => row.getByTestId('rating-mark').innerText()).toBe('▼');
    expect(await row.getByRole('button').count()).toBe(0);
  });
  it('warns before comparing prompts on a replay target, and marks no variant best over one with no scores', async () => {
    const { page, served } = app;
    await page.goto(`${served.origin}/#/optimizer/compare/helpdesk_chat`);
    await page.getByTestId('variant-1').waitFor();
    expect(await page.getByTestId('compare-replay-warning').count()).toBe(0); // a live connection answers any prompt
    await page.getByTestId('compare-target').selectOption('helpdesk_chat_offline');
    await expect
      .poll(() => page.getByTestId('compare-replay-warning').innerText())
      .toMatch(/^This target answers from a recording .* every variant but the recorded one will get no answers/);

    // Run anyway: the recording answers the current prompt only, so the new prompt's column has no scores and no
    // question is marked best against it.
    const current = page.getByTestId('variant-1');
    await expect.poll(() => current.inputValue()).toContain('You are the help desk of the Riverside Library.');
    await page.getByTestId('variant-2').fill(`${await current.inputValue()}Answer in French.\n`);
    await page.getByTestId('run-compare').click();
    const perQuestion = page.getByTestId('variant-questions');
    await perQuestion.waitFor({ timeout: 90_000 });
    await expect.poll(() => perQuestion.locator('tbody tr').count()).toBe(QUESTIONS);
    const secondColumn = await perQuestion.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(secondColumn.every((text) => text.trim() === '—')).toBe(true);
    expect(await perQuestion.locator('.best-mark').count()).toBe(0);
  });
  it('adds one more prompt or model to compare with the button that names it', async () => {
    const { page, served } = app;
    for (const [hash, noun, second, added] of [
      ['optimizer/compare/helpdesk_chat', 'variant', 'variant-2', 'variant-3'],
      ['optimizer/compare-models/helpdesk_chat', 'model', 'model-pair-2', 'model-pair-3'],
    ] as const) {
      await page.goto(`${served.origin}/#/${hash}`);
      await page.getByTestId(second).waitFor();
      const add = page.getByTestId(`add-${noun}`);
      expect(await add.innerText()).toBe(`Add ${noun}`);
      expect(await page.getByTestId(added).count()).toBe(0);
      await add.click();
      await page.getByTestId(added).waitFor();
    }
  });
});
