// One standing per judge on every screen (#47): two reviewers disagree on three gold items (left out until they
// agree); the judges screen, the drift panel, the target card and a run's verdict show the same standing, and it
// stays the same whichever reviewer labelled last. The run's corrected pass rate names its estimator and what would
// settle its gate.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GoldItem } from '../../src-shared/model';
import { appPageForSuite } from './support/app-page';
import { GRADER, TARGET, judgeSays } from './support/gold';
import { runByCli, serveEditedExample, type Served } from './support/serve';
import { shoot } from './support/shoot';
import { RunPage } from './pages/run.page';

/** The example with one LLM judge on the target, its gate on the corrected pass rate, and a trust rule for 21 items. */
function serveOneJudge(): Promise<Served> {
  return serveEditedExample({
    'aieval.yaml': (text) =>
      text
        .replace(
          '  concurrency: 4\n',
          '  concurrency: 4\n  judges: { gold_target_n: 15, min_per_class: 4, min_tpr: 0.8, min_tnr: 0.8 }\n',
        )
        .replace(
          /(id: helpdesk_chat_offline[\s\S]*?)graders: \[[^\]]*\]\n {4}gate: \{ metric: avg_score, threshold: 3\.5, type: hard \}/,
          `$1graders: [${GRADER}, format_grader, rubric_checks]\n    gate: { metric: corrected_pass_rate, bound: lower, threshold: 0.55, type: hard, judge: ${GRADER} }`,
        ),
  });
}

async function runTarget(served: Served): Promise<string> {
  const run = await runByCli(served, TARGET);
  expect(run.code === 0 || run.code === 1, run.stderr).toBe(true);
  return run.runId!;
}

/** Opens a screen afresh (a reload: no store of the page carries what an earlier visit read). */
async function visit(page: Page, served: Served, hash: string) {
  await page.goto(`${served.origin}/#/${hash}`);
  await page.reload();
}

/** What each screen shows of the judge's standing. */
async function standingOnScreens(page: Page, served: Served, runId: string) {
  await visit(page, served, 'judges');
  const row = page.getByTestId(`judge-${GRADER}`);
  await row.waitFor();
  const cells = await row.locator(':scope > td').allTextContents();
  const probes = page.getByTestId(`judge-probes-${GRADER}`);
  await expect.poll(() => probes.getByTestId('drift-window').count()).toBe(1);
  const window = (await probes.getByTestId('drift-window').locator('td').allTextContents()).slice(1);
  const driftOut = await page.getByTestId(`drift-out-${GRADER}`).count();
  await visit(page, served, 'targets');
  const card = await page.getByTestId(`trust-${TARGET}`).textContent();
  await visit(page, served, `runs/${runId}`);
  await new RunPage(page).waitForVerdict();
  const verdictJudge = await page.getByTestId('verdict-judges').textContent();
  return {
    // state, TPR and TNR columns of the judges table (the "validated … ago" line left out: it is a time)
    table: { state: cells[2]!.replace(/validated .*$|never validated$/, ''), tpr: cells[3], tnr: cells[4] },
    drift: { counts: window[0], tpr: window[1], tnr: window[2], check: window[3], out: driftOut },
    card,
    verdictJudge,
  };
}

describe('one standing per judge', () => {
  const app = appPageForSuite({ serve: serveOneJudge, page: { viewport: { width: 1440, height: 900 } } });

  it('shows the same standing on the judges screen, the drift panel, the target card and the run verdict, whoever labelled last', async () => {
    const { page, served, call } = app;
    await runTarget(served);
    const { items } = await call<{ items: GoldItem[] }>('judges.sample', { grader: GRADER, n: 21, seed: 5 });
    expect(items).toHaveLength(21);
    // ana fails three answers the judge passed; ben agrees with the judge on every item. Those three are disputed.
    const disputed = items.filter((item) => judgeSays(item) === 'pass').slice(0, 3);
    const ana = (item: GoldItem) => (disputed.includes(item) ? 'fail' : judgeSays(item));
    const label = (item: GoldItem, reviewer: string, verdict: string) =>
      call('labels.submit', { subjectType: 'gold_item', subjectId: item.id, verdict, reviewer });
    for (const item of items) await label(item, 'ana', ana(item));
    for (const item of items) await label(item, 'ben', judgeSays(item));

    const benLast = await standingOnScreens(page, served, await runTarget(served));
    // 18 agreed labels (11 passes, 7 failures), all agreeing with the judge: trusted everywhere.
    expect(benLast.table.state).toBe('✓ trusted');
    expect(benLast.drift).toMatchObject({ counts: '11 / 7', check: 'meets the rule', out: 0 });
    // The drift window holds the same labels: its TPR and TNR (with intervals) are the judges table's.
    expect(benLast.table.tpr!.startsWith(benLast.drift.tpr!)).toBe(true);
    expect(benLast.table.tnr!.startsWith(benLast.drift.tnr!)).toBe(true);
    expect(benLast.card).toBe('✓ judges trusted');
    expect(benLast.verdictJudge).toContain(`${GRADER} ✓ trusted`);
    // The corrected rate names its estimator and, its interval straddling 55%, what would settle the gate.
    expect(await page.getByTestId('estimator-used').textContent()).toMatch(
      /^Corrected by the Rogan-Gladen estimate.* \(used\): the labels come from other runs/,
    );
    expect(await page.getByTestId('estimator-other').textContent()).toMatch(
      /^prediction-powered estimate.* \(not used: only for labels drawn from this run's own calls/,
    );
    expect(await page.getByTestId('settle-advice').textContent()).toMatch(/^To settle it, about \d+ more /);
    await shoot(page, 'run-corrected-settle'); // SCREENSHOTS=1 saves it

    // ana labels her three again, after ben: she labelled last now, and nothing any screen shows moves.
    for (const item of disputed) await label(item, 'ana', 'fail');
    const anaLast = await standingOnScreens(page, served, await runTarget(served));
    expect(anaLast).toEqual(benLast);
    await visit(page, served, 'judges');
    await page.getByTestId(`judge-probes-${GRADER}`).getByTestId('drift-window').waitFor();
    await shoot(page, 'judges-one-standing');
  }, 240_000);
});
