// Judge agreement with human labels (docs/grading.md): the judge's verdict, the confusion counts, TPR/TNR with Wilson intervals, trust.
import type { GraderInfo, HumanLabel, JudgeValidationReport, Settings, TrustState } from '../../../../src-shared/model';
import { wilson } from '../../stats/wilson';
import { zForConfidence } from '../../stats/normal-quantile';
import { plural } from '../../../../src-shared/text/plural';

export type JudgeThresholds = Pick<
  Settings['judges'],
  'min_tpr' | 'min_tnr' | 'confidence' | 'gold_target_n' | 'min_per_class'
>;
type TrustRule = Pick<JudgeThresholds, 'min_tpr' | 'min_tnr' | 'gold_target_n' | 'min_per_class'>;
type Counts = Pick<Confusion, 'tp' | 'tn' | 'fp' | 'fn'>;

/**
 * One labelled judge call: the judge's native score (null: it gave none), the human's label (null: not labelled),
 * and whether its reviewers disagree (pass against fail), which leaves it out of TPR/TNR until they agree.
 */
export type LabelledScore = Readonly<{ judgeScore: number | null; human: HumanLabel | null; disputed?: boolean }>;

export type Confusion = Readonly<{
  tp: number;
  tn: number;
  fp: number;
  fn: number;
  nDefer: number;
  nUnlabelled: number;
  /** Labelled pass or fail, but the judge gave no score: no verdict to compare. */
  nUnscored: number;
  /** Labelled pass by one reviewer and fail by another: no agreed truth to compare with. */
  nDisputed: number;
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
  if (isBinary(scale)) return score >= 1;
  return scoreOn05(score, scale) >= questionPassThreshold;
}

/** A judge whose scale is 0-1 gives pass/fail only. */
export const isBinary = (scale: Pick<GraderInfo, 'minScore' | 'maxScore'>): boolean =>
  scale.minScore === 0 && scale.maxScore === 1;

/** A judge's native score mapped onto 0-5. */
export const scoreOn05 = (score: number, scale: Pick<GraderInfo, 'minScore' | 'maxScore'>): number =>
  ((score - scale.minScore) / (scale.maxScore - scale.minScore)) * 5;

/**
 * Counts agreement; the human label is the truth (positive = pass). Defers, unlabelled items and items whose
 * reviewers disagree are counted, not compared.
 */
export function confusionOf(
  items: readonly LabelledScore[],
  scale: Pick<GraderInfo, 'minScore' | 'maxScore'>,
  questionPassThreshold: number,
): Confusion {
  const counts = { tp: 0, tn: 0, fp: 0, fn: 0, nDefer: 0, nUnlabelled: 0, nUnscored: 0, nDisputed: 0 };
  for (const { judgeScore, human, disputed } of items) {
    if (disputed) counts.nDisputed += 1;
    else if (human === null) counts.nUnlabelled += 1;
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

/**
 * The labels still missing before the judge can be trusted, in words ("not enough labels: label 4 more failures"),
 * or null when there are enough: at least `min_per_class` passes, `min_per_class` failures and `gold_target_n` in all.
 */
export function notEnoughLabels(c: Counts, t: Pick<TrustRule, 'gold_target_n' | 'min_per_class'>): string | null {
  const passes = Math.max(0, t.min_per_class - (c.tp + c.fn));
  const failures = Math.max(0, t.min_per_class - (c.tn + c.fp));
  const either = Math.max(0, t.gold_target_n - (c.tp + c.fn + c.tn + c.fp) - passes - failures);
  const needs = [
    passes > 0 ? plural(passes, 'more pass', 'more passes') : null,
    failures > 0 ? plural(failures, 'more failure') : null,
    either > 0 ? plural(either, 'more label of either class', 'more labels of either class') : null,
  ].filter((need): need is string => need !== null);
  return needs.length === 0 ? null : `not enough labels: label ${needs.join(' and ')}`;
}

/**
 * The trust rule (docs/grading.md): trusted iff at least `gold_target_n` pass/fail labels, at least `min_per_class` of each
 * class, TPR >= min_tpr and TNR >= min_tnr. Too few labels: insufficient (not validated), with what is missing.
 */
export function trustVerdict(c: Counts, t: TrustRule): Readonly<{ state: TrustState; reason: string | null }> {
  const missing = notEnoughLabels(c, t);
  if (missing) return { state: 'insufficient', reason: missing };
  const tpr = c.tp / (c.tp + c.fn);
  const tnr = c.tn / (c.tn + c.fp);
  const below = [
    tpr < t.min_tpr ? `TPR ${tpr.toFixed(2)} is below ${t.min_tpr}` : null,
    tnr < t.min_tnr ? `TNR ${tnr.toFixed(2)} is below ${t.min_tnr}` : null,
  ].filter((why): why is string => why !== null);
  return below.length === 0 ? { state: 'trusted', reason: null } : { state: 'failing', reason: below.join('; ') };
}

/** The validation report (docs/grading.md): counts, TPR and TNR (null for an empty class) with Wilson intervals at the settings' confidence. */
export function validationReport(grader: string, c: Counts, t: JudgeThresholds): JudgeValidationReport {
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
    ...trustVerdict(c, t),
  };
}

/** The warnings a validation carries: ignored items (too few labels is the report's reason, not a warning). */
export function validationWarnings(c: Confusion): string[] {
  const warnings: string[] = [];
  if (c.nUnlabelled > 0)
    warnings.push(
      `${plural(c.nUnlabelled, 'item')} ${c.nUnlabelled === 1 ? 'has' : 'have'} no human_label yet and ${c.nUnlabelled === 1 ? 'was' : 'were'} ignored`,
    );
  if (c.nUnscored > 0)
    warnings.push(
      `${plural(c.nUnscored, 'labelled item')} ${c.nUnscored === 1 ? 'has' : 'have'} no judge score and ${c.nUnscored === 1 ? 'was' : 'were'} ignored`,
    );
  if (c.nDisputed > 0) warnings.push(disputedInWords(c.nDisputed));
  return warnings;
}

/** The adjudication rule in words: an item whose reviewers disagree is left out until they agree. */
export const disputedInWords = (n: number): string =>
  `${plural(n, 'item')} whose reviewers disagree (pass against fail) ${n === 1 ? 'was' : 'were'} left out of TPR/TNR until they agree`;
