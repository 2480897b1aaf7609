// The judge probes through the service: active labeling order and widths, drift windows and the length-bias probe.
import { describe, expect, it } from 'vitest';
import type { ActiveLabelingPlan, JudgeProbes } from '../../../src-shared/contract/judge-probes.contract';
import type { GoldItem } from '../../../src-shared/model';
import { loadJudgeTemplate } from '../../../src-main/engine/grading/judge/judge-templates';
import { Store, storeFile } from '../../../src-main/store/store';
import { createTestApp } from '../../support/app';
import { copyExample } from '../../support/workspace';
import { insertJudgeCalls } from '../../unit/engine/trust/store-fixture';

const GRADER = 'relevance_grader';

/** A workspace whose local judge made 60 calls of relevance_grader, 40 passing; longer answers scored higher. */
function seededWorkspace(): string {
  const dir = copyExample({
    'aieval.yaml': (text) => text.replace('judge:\n  provider: offline', 'judge:\n  provider: local'),
  });
  const store = Store.open(storeFile(dir));
  const template = `judge@${loadJudgeTemplate('judge', dir).version}`;
  const now = Date.now();
  insertJudgeCalls(
    store,
    Array.from({ length: 60 }, (_, i) => ({
      score: i < 40 ? 4 + (i % 2) : i % 3,
      template,
      createdAt: now - 3_600_000 + i,
      question: `Question ${i}?`,
      response: 'word '.repeat(i < 40 ? 30 + i : 5 + (i % 20)),
    })),
  );
  store.close();
  return dir;
}

describe('judge probes', () => {
  it('orders the gold set for active labeling and records the width before and after each label', async () => {
    const app = createTestApp(seededWorkspace());
    const call = async <T>(method: string, input: unknown): Promise<T> => {
      const envelope = await app.dispatch(method as never, input as never, { transport: 'in-process' });
      if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
      return envelope.value as T;
    };
    try {
      const { items } = await call<{ items: GoldItem[] }>('judges.sample', { grader: GRADER, n: 30, seed: 5 });
      const before = await call<ActiveLabelingPlan>('judges.activeOrder', { grader: GRADER });
      expect(before.observed).toEqual({ n: 60, passed: 40 });
      expect(before.order).toHaveLength(items.length);
      expect(before.history).toEqual([]);
      expect(before.stop).toEqual({ stepPp: 0.5, over: 3, stoppedPaying: false });
      expect(before.rule).toMatch(/shrink the corrected pass rate's interval most/);

      // Label the first four in active order, by the judge's own verdict (the judge is right).
      for (let k = 0; k < 4; k += 1) {
        const plan = await call<ActiveLabelingPlan>('judges.activeOrder', { grader: GRADER });
        const next = items.find((item) => item.id === plan.order[0]!.id)!;
        const verdict = (next.judge_score ?? 0) >= 3.5 ? 'pass' : 'fail';
        await call('labels.submit', { subjectType: 'gold_item', subjectId: next.id, verdict });
      }
      const after = await call<ActiveLabelingPlan>('judges.activeOrder', { grader: GRADER, stepPp: 100, over: 2 });
      expect(after.order).toHaveLength(items.length - 4);
      expect(after.history).toHaveLength(4);
      expect(after.history[0]!.before).toBe(before.width);
      expect(after.history.at(-1)!.after).toBe(after.width);
      // A 100-point step: any two labels shrink the width by less, but 4 labels are under the trust rule's minimum
      // counts: labels never stop paying before the judge can be validated at all.
      expect(after.stop).toEqual({ stepPp: 100, over: 2, stoppedPaying: false });
      expect(after.nothingLeft).toBeNull();
      expect(after.reviewers).toEqual([{ reviewer: '', labelled: 4, of: items.length }]);

      // Label the rest: the rule's counts are met, labels stop paying at a 100-point step, and nothing is left.
      for (const next of after.order) {
        const item = items.find((i) => i.id === next.id)!;
        const verdict = (item.judge_score ?? 0) >= 3.5 ? 'pass' : 'fail';
        await call('labels.submit', { subjectType: 'gold_item', subjectId: item.id, verdict });
      }
      const done = await call<ActiveLabelingPlan>('judges.activeOrder', { grader: GRADER, stepPp: 100, over: 2 });
      expect(done.order).toEqual([]);
      expect(done.stop.stoppedPaying).toBe(true);
      expect(done.reviewers).toEqual([{ reviewer: '', labelled: items.length, of: items.length }]);
      expect(done.nothingLeft).toMatch(/^Nothing is left to label .*another run .*wider window/);

      const probes = await call<JudgeProbes>('judges.probes', { grader: GRADER });
      expect(probes.windowDays).toBe(7);
      expect(probes.windows).toHaveLength(1);
      expect(probes.windows[0]).toMatchObject({ check: 'meets' }); // all 30 labelled, each as the judge said
      expect(probes.latestOut).toBeNull();
      expect(probes.lengthBias).toMatchObject({ method: 'spearman', n: 60 });
      expect(probes.lengthBias!.r).toBeGreaterThan(0.5);
      expect(probes.lengthBias!.words).toMatch(/^longer answers score higher: r = 0\.\d\d \[/);
    } finally {
      await app.dispose();
    }
  });
});
