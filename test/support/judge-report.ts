// Builds a judge's validation report (docs/grading.md) from its confusion counts: the class sizes and rates follow from them.
import type { JudgeValidationReport } from '../../src-shared/model';

type Counts = Readonly<{ tp: number; fn: number; tn: number; fp: number }>;

const rate = (hits: number, misses: number) => (hits + misses === 0 ? null : hits / (hits + misses));

/** A trusted report of grader `g` without intervals, unless `rest` says otherwise. */
export function judgeReport(counts: Counts, rest: Partial<JudgeValidationReport> = {}): JudgeValidationReport {
  const { tp, fn, tn, fp } = counts;
  return {
    grader: 'g',
    n_pos: tp + fn,
    n_neg: tn + fp,
    tp,
    tn,
    fp,
    fn,
    tpr: rate(tp, fn),
    tnr: rate(tn, fp),
    tpr_ci: null,
    tnr_ci: null,
    state: 'trusted',
    reason: null,
    ...rest,
  };
}
