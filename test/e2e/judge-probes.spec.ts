// Active labeling and the judge probes end to end: the active order differs from the plain queue, each label shows
// the interval's width before and after, and the judges screen shows drift by window and the length-bias probe.
import { describe, expect, it } from 'vitest';
import type { ActiveLabelingPlan } from '../../src-shared/contract/judge-probes.contract';
import type { GoldItem } from '../../src-shared/model';
import { appPageForSuite } from './support/app-page';
import { PROBED_GRADER, serveJudgeProbes } from './support/judge-probes-seed';
import { GoldLabelingPage } from './pages/gold-labeling.page';
import { shoot } from './support/shoot';

describe('active labeling and judge probes', () => {
  const app = appPageForSuite({ serve: serveJudgeProbes, page: { viewport: { width: 1360, height: 900 } } });

  it('labels in active order with the width before and after, and shows drift and length bias', async () => {
    const { page, served, call } = app;
    const gold = await call<GoldItem[]>('judges.goldItems', { grader: PROBED_GRADER });
    const plan = await call<ActiveLabelingPlan>('judges.activeOrder', { grader: PROBED_GRADER });
    const questionOf = (id: string) => gold.find((item) => item.id === id)!.question;
    const queueFirst = gold.find((item) => item.human_label === null)!;
    // The active order's first item is not the plain queue's.
    expect(plan.order[0]!.id).not.toBe(queueFirst.id);

    const workbench = new GoldLabelingPage(page);
    await workbench.open(served.origin, PROBED_GRADER);
    await expect.poll(() => workbench.shownQuestion()).toBe(queueFirst.question);
    expect(await workbench.width()).toMatch(/width \d+\.\d points/);
    await workbench.chooseOrder('shrink the interval most');
    await expect.poll(() => workbench.shownQuestion()).toBe(questionOf(plan.order[0]!.id));
    await page.getByTestId('active-rule').waitFor();

    // A label shows the width before and after it, and the next item is the new plan's first.
    await page.keyboard.press('f');
    expect(await workbench.widthChange()).toMatch(/\d+\.\d → \d+\.\d points \([−+±]\d+\.\d\)/);
    const replanned = await call<ActiveLabelingPlan>('judges.activeOrder', { grader: PROBED_GRADER });
    expect(replanned.history).toHaveLength(plan.history.length + 1);
    await expect.poll(() => workbench.shownQuestion()).toBe(questionOf(replanned.order[0]!.id));
    // The interval is the trust rule's (weighted Rogan-Gladen), and each reviewer sees their own progress.
    expect(await workbench.width()).toMatch(
      /^Corrected pass rate’s interval \(Rogan-Gladen estimate.*, labels weighted back/,
    );
    const progress = replanned.reviewers.map((r) => `${r.reviewer || 'unnamed'}: ${r.labelled} of ${gold.length}`);
    expect(await page.getByTestId('reviewer-progress').textContent()).toBe(`By reviewer: ${progress.join(' · ')}`);
    await shoot(page, 'workbench-active-labeling'); // SCREENSHOTS=1 saves it

    await page.goto(`${served.origin}/#/judges`);
    const probes = page.getByTestId(`judge-probes-${PROBED_GRADER}`);
    await probes.waitFor();
    await expect.poll(() => probes.getByTestId('drift-window').count()).toBe(3);
    await expect
      .poll(() => page.getByTestId(`drift-out-${PROBED_GRADER}`).textContent())
      .toMatch(/TNR 0\.\d\d in the latest window \(labels of \w{3} \d+–(\w{3} )?\d+\) is under 0\.90/);
    expect(await page.getByTestId(`trust-reason-${PROBED_GRADER}`).textContent()).toMatch(/in the latest window/);
    expect(await page.getByTestId(`judge-${PROBED_GRADER}`).textContent()).toContain('failing');
    expect(await page.getByTestId(`length-bias-${PROBED_GRADER}`).textContent()).toMatch(
      /Longer answers score higher: r = 0\.\d\d \[0\.\d\d, 0\.\d\d\], Spearman, 120 answers/,
    );
  }, 120_000);
});
