import { describe, expect, it } from 'vitest';
import type { HumanLabel } from '../../../../src-shared/model';
import {
  confusionOf,
  judgePasses,
  validationReport,
  notEnoughLabels,
  trustVerdict,
  validationWarnings,
} from '../../../../src-main/engine/trust/judge-stats';

const FIVE = { minScore: 0, maxScore: 5 };
const BINARY = { minScore: 0, maxScore: 1 };
const THRESHOLDS = { min_tpr: 0.9, min_tnr: 0.9, confidence: 0.95, gold_target_n: 30, min_per_class: 5 };

/** Judge scores with the human label of each item. */
type Spec = readonly [number | null, HumanLabel | null][];
const items = (spec: Spec) => spec.map(([judgeScore, human]) => ({ judgeScore, human }));
const repeat = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);
type Counts = { tp: number; fn: number; tn: number; fp: number };
/** The trust rule on plain counts (a simple random sample: the rates are the counts' shares). */
const verdictOf = (c: Counts, t = THRESHOLDS) =>
  trustVerdict(c, { tpr: c.tp / (c.tp + c.fn), tnr: c.tn / (c.tn + c.fp) }, t);

describe('judgePasses', () => {
  it('passes a 0-5 judge at or above the question pass threshold', () => {
    expect(judgePasses(3.5, FIVE, 3.5)).toBe(true);
    expect(judgePasses(3.49, FIVE, 3.5)).toBe(false);
    expect(judgePasses(5, FIVE, 5)).toBe(true);
    expect(judgePasses(0, FIVE, 0)).toBe(true);
  });

  it('passes a binary judge only at 1, whatever the threshold', () => {
    expect(judgePasses(1, BINARY, 3.5)).toBe(true);
    expect(judgePasses(0, BINARY, 0)).toBe(false);
    expect(judgePasses(0.9, BINARY, 0)).toBe(false);
  });

  it('maps another scale onto 0-5 first', () => {
    expect(judgePasses(7, { minScore: 0, maxScore: 10 }, 3.5)).toBe(true); // 3.5 on 0-5
    expect(judgePasses(6.9, { minScore: 0, maxScore: 10 }, 3.5)).toBe(false);
  });
});

describe('confusionOf', () => {
  it.each<[string, Spec, Omit<ReturnType<typeof confusionOf>, 'cells'>]>([
    [
      'counts TP, FN, FP, TN with the human label as the truth',
      [
        [5, 'pass'],
        [4, 'pass'],
        [1, 'pass'],
        [4, 'fail'],
        [0, 'fail'],
        [2, 'fail'],
      ],
      { tp: 2, fn: 1, fp: 1, tn: 2, nDefer: 0, nUnlabelled: 0, nUnscored: 0, nDisputed: 0 },
    ],
    [
      'ignores defers, unlabelled items and labels without a judge score, counting each',
      [
        [5, 'defer'],
        [0, 'defer'],
        [3, null],
        [null, 'pass'],
        [5, 'pass'],
      ],
      { tp: 1, fn: 0, fp: 0, tn: 0, nDefer: 2, nUnlabelled: 1, nUnscored: 1, nDisputed: 0 },
    ],
  ])('%s', (_name, spec, confusion) => {
    expect(confusionOf(items(spec), FIVE, 3.5)).toMatchObject(confusion);
  });

  it('leaves out items whose reviewers disagree, counting them', () => {
    const c = confusionOf(
      [
        { judgeScore: 5, human: null, disputed: true },
        { judgeScore: 0, human: null, disputed: true },
        { judgeScore: 5, human: 'pass', disputed: false },
        { judgeScore: 0, human: 'defer', disputed: false },
      ],
      FIVE,
      3.5,
    );
    expect(c).toMatchObject({ tp: 1, fn: 0, fp: 0, tn: 0, nDefer: 1, nUnlabelled: 0, nUnscored: 0, nDisputed: 2 });
  });
});

describe('validationReport', () => {
  it('computes TPR, TNR and their posterior intervals: 9/10 and 18/20 are trusted at 0.9', () => {
    const c = confusionOf(
      [
        ...items(repeat(9, [5, 'pass'])),
        ...items([[1, 'pass']]),
        ...items(repeat(18, [0, 'fail'])),
        ...items(repeat(2, [4, 'fail'])),
      ],
      FIVE,
      3.5,
    );
    const report = validationReport('relevance_grader', c, THRESHOLDS);
    expect(report).toMatchObject({
      grader: 'relevance_grader',
      n_pos: 10,
      n_neg: 20,
      tp: 9,
      fn: 1,
      tn: 18,
      fp: 2,
      tpr: 0.9,
      tnr: 0.9,
      state: 'trusted',
    });
    // The Jeffreys posterior intervals of 9/10 and 18/20 (scipy.stats.beta.ppf), as 4,000 seeded draws give them.
    const near = (actual: number | undefined, expected: number) =>
      expect(Math.abs(actual! - expected)).toBeLessThan(0.015);
    near(report.tpr_ci?.[0], 0.6187);
    near(report.tpr_ci?.[1], 0.989);
    near(report.tnr_ci?.[0], 0.7161);
    near(report.tnr_ci?.[1], 0.9786);
  });

  it('is failing when either rate is below its minimum, and says which', () => {
    expect(verdictOf({ tp: 16, fn: 4, tn: 10, fp: 0 })).toEqual({
      state: 'failing',
      reason: 'TPR 0.80 is below 0.9',
    });
    expect(verdictOf({ tp: 10, fn: 0, tn: 17, fp: 3 }).state).toBe('failing');
    expect(verdictOf({ tp: 16, fn: 4, tn: 10, fp: 0 }, { ...THRESHOLDS, min_tpr: 0.8 })).toEqual({
      state: 'trusted',
      reason: null,
    });
  });

  it('is insufficient below the gold-set minimum or below min_per_class of a class, whatever the rates', () => {
    // The case: 24 passes and 1 failure, all agreed: TPR and TNR 100 %, still not trusted.
    expect(verdictOf({ tp: 24, fn: 0, tn: 1, fp: 0 })).toEqual({
      state: 'insufficient',
      reason: 'not enough labels: label 4 more failures and 1 more label of either class',
    });
    expect(verdictOf({ tp: 25, fn: 0, tn: 4, fp: 0 }).reason).toBe('not enough labels: label 1 more failure');
    expect(notEnoughLabels({ tp: 3, fn: 0, tn: 0, fp: 0 }, THRESHOLDS)).toBe(
      'not enough labels: label 2 more passes and 5 more failures and 20 more labels of either class',
    );
    expect(notEnoughLabels({ tp: 20, fn: 0, tn: 5, fp: 0 }, THRESHOLDS)).toBe(
      'not enough labels: label 5 more labels of either class',
    );
    expect(verdictOf({ tp: 25, fn: 0, tn: 5, fp: 0 })).toEqual({ state: 'trusted', reason: null });
  });

  it('is insufficient, with null rate and interval, when a class has no labels', () => {
    const c = confusionOf(items(repeat(12, [5, 'pass'])), FIVE, 3.5);
    const report = validationReport('accuracy_grader', c, THRESHOLDS);
    expect(report).toMatchObject({ n_pos: 12, n_neg: 0, tpr: 1, tnr: null, tnr_ci: null, state: 'insufficient' });
    expect(report.tpr_ci?.[1]).toBe(1);
  });

  it('is insufficient with no rates at all when every label is a defer', () => {
    const c = confusionOf(items(repeat(5, [5, 'defer'])), FIVE, 3.5);
    expect(validationReport('accuracy_grader', c, THRESHOLDS)).toEqual({
      grader: 'accuracy_grader',
      n_pos: 0,
      n_neg: 0,
      tp: 0,
      tn: 0,
      fp: 0,
      fn: 0,
      tpr: null,
      tnr: null,
      tpr_ci: null,
      tnr_ci: null,
      weighted: false,
      state: 'insufficient',
      reason: 'not enough labels: label 5 more passes and 5 more failures and 20 more labels of either class',
    });
  });

  it('uses the settings’ confidence for the intervals', () => {
    const c = { tp: 9, fn: 1, tn: 9, fp: 1 };
    const r95 = validationReport('g', c, THRESHOLDS);
    const r99 = validationReport('g', c, { ...THRESHOLDS, confidence: 0.99 });
    expect(r99.tpr_ci![0]).toBeLessThan(r95.tpr_ci![0]);
    expect(r99.tpr_ci![1]).toBeGreaterThan(r95.tpr_ci![1]);
  });
});

describe('validationWarnings', () => {
  it('warns about ignored items', () => {
    const warnings = validationWarnings({
      tp: 5,
      fn: 0,
      tn: 4,
      fp: 1,
      nDefer: 3,
      nUnlabelled: 2,
      nUnscored: 1,
      nDisputed: 2,
      cells: [],
    });
    expect(warnings).toEqual([
      '2 items have no human_label yet and were ignored',
      '1 labelled item has no judge score and was ignored',
      '2 items whose reviewers disagree (pass against fail) were left out of TPR/TNR until they agree',
    ]);
    const none = { tp: 15, fn: 0, tn: 15, fp: 0, nDefer: 9, nUnlabelled: 0, nUnscored: 0, nDisputed: 0, cells: [] };
    expect(validationWarnings(none)).toEqual([]);
  });
});
