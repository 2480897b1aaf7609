// Judge drift: TPR/TNR per 7-day labelling window, and a trusted judge whose latest window falls out loses its trust.
import { describe, expect, it } from 'vitest';
import { settings as settingsSchema } from '../../../../src-shared/model';
import {
  dayRange,
  driftWindows,
  latestWindowOut,
  type TimedLabel,
} from '../../../../src-main/engine/trust/judge-drift';
import { judgeStanding } from '../../../../src-main/engine/trust/judge-standing';
import { insertGoldItems, insertJudgeCalls, insertValidation, memoryStore } from './store-fixture';

const DAY = 86_400_000;
const NOV_27 = Date.UTC(2026, 10, 27, 15);
const SCALE = { minScore: 0, maxScore: 5 };
const THRESHOLDS = { gold_target_n: 30, min_per_class: 5, min_tpr: 0.8, min_tnr: 0.8, confidence: 0.95 };

/** `n` labels given `daysBack` days before Nov 27: `agree` of them agree with the judge, of class `human`. */
const labels = (n: number, agree: number, human: 'pass' | 'fail', daysBack: number): TimedLabel[] =>
  Array.from({ length: n }, (_, i) => ({
    human,
    judgeScore: i < agree === (human === 'pass') ? 5 : 1,
    labelledAt: NOV_27 - daysBack * DAY - i,
  }));

describe('judge drift', () => {
  it('names a window by its days, across a month too', () => {
    expect(dayRange(Date.UTC(2026, 10, 21), Date.UTC(2026, 10, 27))).toBe('Nov 21–27');
    expect(dayRange(Date.UTC(2026, 10, 28), Date.UTC(2026, 11, 4))).toBe('Nov 28–Dec 4');
  });

  it('splits labels into 7-day windows back from the latest label, oldest first, with TPR/TNR and their posterior intervals', () => {
    const all = [
      ...labels(10, 10, 'pass', 8),
      ...labels(10, 9, 'fail', 9),
      ...labels(10, 9, 'pass', 0),
      ...labels(8, 5, 'fail', 6),
    ];
    const windows = driftWindows('relevance_grader', all, SCALE, 3.5, THRESHOLDS);
    expect(windows.map((w) => w.days)).toEqual(['Nov 14–20', 'Nov 21–27']);
    const [older, latest] = windows;
    expect(older).toMatchObject({ tp: 10, fn: 0, tn: 9, fp: 1, tpr: 1, tnr: 0.9, check: 'meets', reason: null });
    expect(latest).toMatchObject({ tp: 9, fn: 1, tn: 5, fp: 3, tpr: 0.9, tnr: 0.625, check: 'out' });
    // The Jeffreys interval of 5/8 (scipy.stats.beta.ppf(0.025 and 0.975, 5.5, 3.5)), as 4,000 seeded draws give it.
    expect(Math.abs(latest!.tnr_ci![0] - 0.2948)).toBeLessThan(0.015);
    expect(Math.abs(latest!.tnr_ci![1] - 0.881)).toBeLessThan(0.015);
    expect(latestWindowOut(windows)).toBe('TNR 0.63 in the latest window (labels of Nov 21–27) is under 0.80');
  });

  it('does not judge a window with too few labels of a class', () => {
    const windows = driftWindows(
      'relevance_grader',
      [...labels(6, 6, 'pass', 0), ...labels(3, 0, 'fail', 1)],
      SCALE,
      3.5,
      THRESHOLDS,
    );
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ check: 'too_few' });
    expect(windows[0]!.reason).toBe('too few labels in Nov 21–27 to check (6 passes and 3 failures; 5 of each needed)');
    expect(latestWindowOut(windows)).toBeNull();
    expect(latestWindowOut([])).toBeNull();
  });

  it('takes the trust of a judge whose latest window falls out, with the reason', async () => {
    const { store, db } = memoryStore();
    const old = labels(15, 15, 'pass', 10).concat(labels(15, 15, 'fail', 10));
    const recent = labels(6, 6, 'pass', 1).concat(labels(6, 2, 'fail', 1));
    const all = [...old, ...recent];
    const ids = insertJudgeCalls(
      store,
      all.map((l) => ({ score: l.judgeScore })),
    );
    insertGoldItems(
      store,
      ids.map((id, i) => ({ id: `jc-${id}`, judgeCallId: id, judgeScore: all[i]!.judgeScore })),
    );
    const submit = store.db.prepare(
      `INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at) VALUES ('gold_item', @id, 'ben', @verdict, @at)`,
    );
    ids.forEach((id, i) => submit.run({ id: `jc-${id}`, verdict: all[i]!.human, at: all[i]!.labelledAt }));
    // Validated on the older labels only: 15 + 15, all agreeing.
    insertValidation(store, {
      report: {
        grader: 'relevance_grader',
        n_pos: 15,
        n_neg: 15,
        tp: 15,
        tn: 15,
        fp: 0,
        fn: 0,
        tpr: 1,
        tnr: 1,
        tpr_ci: null,
        tnr_ci: null,
        state: 'trusted',
      },
      judge: { provider: 'local', model: 'llama3.1:8b', template_version: '1.0.0' },
      labelsSource: 'store',
      createdAt: NOV_27,
    });
    const settings = settingsSchema.parse({ judges: { min_tpr: 0.8, min_tnr: 0.8 } });
    const config = { judge: { provider: 'local', model: 'llama3.1:8b' }, settings };
    const standing = await judgeStanding(db, config, 'relevance_grader');
    expect(standing.state).toBe('failing');
    expect(standing.report?.reason).toBe('TNR 0.33 in the latest window (labels of Nov 20–26) is under 0.80');
  });
});
