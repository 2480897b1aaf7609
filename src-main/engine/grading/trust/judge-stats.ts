// Judge agreement with human labels (SPEC 11): the judge's verdict, the confusion counts, TPR/TNR with Wilson intervals, trust.
import type { GraderInfo, HumanLabel, JudgeValidationReport, Settings } from '../../../../src-shared/model';
import { wilson } from '../../scoring/wilson';
import { zForConfidence } from './normal-quantile';

export type JudgeThresholds = Pick<Settings['judges'], 'min_tpr' | 'min_tnr' | 'confidence'>;

/** One labelled judge call: the judge's native score (null: it gave none) and the human's label (null: not labelled). */
export type LabelledScore = Readonly<{ judgeScore: number | null; human: HumanLabel | null }>;

export type Confusion = Readonly<{
  tp: number;
  tn: number;
  fp: number;
  fn: number;
  nDefer: number;
  nUnlabelled: number;
  /** Labelled pass or fail, but the judge gave no score: no verdict to compare. */
  nUnscored: number;
}>;

/**
 * The judge's verdict on one answer: pass when its score mapped onto 0-5 is >= `questionPassThreshold`;
 * a binary judge (scale 0-1) passes only at 1.
 */
export function judgePasses(
  score: number,
  scale: Pick<GraderInfo, 'minScore' | 'maxScore'>,
  questionPassThreshold: number,
): boolean {
  if (scale.minScore === 0 && scale.maxScore === 1) return score >= 1;
  const on05 = ((score - scale.minScore) / (scale.maxScore - scale.minScore)) * 5;
  return on05 >= questionPassThreshold;
}

/** Counts agreement; the human label is the truth (positive = pass). Defers and unlabelled items are counted, not compared. */
export function confusionOf(
  items: readonly LabelledScore[],
  scale: Pick<GraderInfo, 'minScore' | 'maxScore'>,
  questionPassThreshold: number,
): Confusion {
  const counts = { tp: 0, tn: 0, fp: 0, fn: 0, nDefer: 0, nUnlabelled: 0, nUnscored: 0 };
  for (const { judgeScore, human } of items) {
    if (human === null) counts.nUnlabelled += 1;
    else if (human === 'defer') counts.nDefer += 1;
    else if (judgeScore === null) counts.nUnscored += 1;
    else {
      const judgePass = judgePasses(judgeScore, scale, questionPassThreshold);
      if (human === 'pass') counts[judgePass ? 'tp' : 'fn'] += 1;
      else counts[judgePass ? 'fp' : 'tn'] += 1;
    }
  }
  return counts;
}

/** Trusted iff TPR >= min_tpr and TNR >= min_tnr with at least one label of each class; insufficient when a class is empty. */
export function validationState(
  c: Pick<Confusion, 'tp' | 'tn' | 'fp' | 'fn'>,
  t: Pick<JudgeThresholds, 'min_tpr' | 'min_tnr'>,
) {
  const nPos = c.tp + c.fn;
  const nNeg = c.tn + c.fp;
  if (nPos === 0 || nNeg === 0) return 'insufficient' as const;
  return c.tp / nPos >= t.min_tpr && c.tn / nNeg >= t.min_tnr ? ('trusted' as const) : ('failing' as const);
}

/** The SPEC 11 report: counts, TPR and TNR (null for an empty class) with Wilson intervals at the settings' confidence. */
export function validationReport(grader: string, c: Confusion, t: JudgeThresholds): JudgeValidationReport {
  const z = zForConfidence(t.confidence);
  const nPos = c.tp + c.fn;
  const nNeg = c.tn + c.fp;
  return {
    grader,
    n_pos: nPos,
    n_neg: nNeg,
    tp: c.tp,
    tn: c.tn,
    fp: c.fp,
    fn: c.fn,
    tpr: nPos > 0 ? c.tp / nPos : null,
    tnr: nNeg > 0 ? c.tn / nNeg : null,
    tpr_ci: nPos > 0 ? wilson(c.tp, nPos, z) : null,
    tnr_ci: nNeg > 0 ? wilson(c.tn, nNeg, z) : null,
    state: validationState(c, t),
  };
}

/** The warnings a validation carries: too few labels for the gold target, ignored items. */
export function validationWarnings(c: Confusion, goldTargetN: number): string[] {
  const labelled = c.tp + c.tn + c.fp + c.fn;
  const warnings: string[] = [];
  if (labelled < goldTargetN)
    warnings.push(
      `only ${labelled} pass/fail label(s); the gold set should have at least ${goldTargetN} (settings.judges.gold_target_n)`,
    );
  if (c.nUnlabelled > 0) warnings.push(`${c.nUnlabelled} item(s) have no human_label yet and were ignored`);
  if (c.nUnscored > 0) warnings.push(`${c.nUnscored} labelled item(s) have no judge score and were ignored`);
  return warnings;
}
