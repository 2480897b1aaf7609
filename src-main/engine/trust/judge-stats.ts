// Judge agreement with human labels (docs/grading.md): the judge's verdict, the confusion counts and their sampling design,
// TPR/TNR weighted back to the calls sampled from, with intervals, and the trust rule.
import type {
  GraderInfo,
  HumanLabel,
  JudgeValidationReport,
  SampleStratum,
  Settings,
  TrustState,
} from '../../../src-shared/model';
import { rateIntervals } from '../stats/corrected-rate';
import { isWeighted, mergeCells, type CellStratum, type LabelCell } from '../stats/label-cells';
import { plural } from '../../../src-shared/text/plural';

export type JudgeThresholds = Pick<
  Settings['judges'],
  'min_tpr' | 'min_tnr' | 'confidence' | 'gold_target_n' | 'min_per_class'
>;
type TrustRule = Pick<JudgeThresholds, 'min_tpr' | 'min_tnr' | 'gold_target_n' | 'min_per_class'>;
type Counts = Pick<Confusion, 'tp' | 'tn' | 'fp' | 'fn'>;
/** Counts with the cells they came in (stratum and weight); without cells, a simple random sample of weight 1. */
export type DesignCounts = Counts & Readonly<{ cells?: readonly LabelCell[] }>;

/**
 * One labelled judge call: the judge's native score (null: it gave none), the human's label (null: not labelled),
 * whether its reviewers disagree (pass against fail), which leaves it out of TPR/TNR until they agree, and how it was
 * sampled (its stratum and inclusion probability; unknown: counted with weight 1).
 */
export type LabelledScore = Readonly<{
  judgeScore: number | null;
  human: HumanLabel | null;
  disputed?: boolean;
  stratum?: SampleStratum | null;
  inclusionProbability?: number | null;
}>;

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
  /** The compared labels by sampling stratum and weight. */
  cells: LabelCell[];
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
  shares?: DesignShares,
): Confusion {
  const counts = { tp: 0, tn: 0, fp: 0, fn: 0, nDefer: 0, nUnlabelled: 0, nUnscored: 0, nDisputed: 0 };
  const sampled: SampledLabel[] = [];
  for (const { judgeScore, human, disputed, stratum, inclusionProbability } of items) {
    let compared: LabelCell | null = null;
    if (disputed) counts.nDisputed += 1;
    else if (human === null) counts.nUnlabelled += 1;
    else if (human === 'defer') counts.nDefer += 1;
    else if (judgeScore === null) counts.nUnscored += 1;
    else {
      const judgePass = judgePasses(judgeScore, scale, questionPassThreshold);
      compared = labelCellOf(judgePass, human, stratum, inclusionProbability);
      counts[confusionCategory(compared)] += 1;
    }
    sampled.push({ stratum, inclusionProbability, compared });
  }
  return { ...counts, cells: sampleCells(sampled, shares) };
}

/** The design shares of labelled items (see designShares): comparable when agreed pass/fail and scored. */
export const designSharesOf = (items: readonly LabelledScore[]): DesignShares =>
  designShares(
    items.map((item) => ({
      design: { stratum: item.stratum, inclusionProbability: item.inclusionProbability, compared: null },
      comparable: !item.disputed && (item.human === 'pass' || item.human === 'fail') && item.judgeScore !== null,
    })),
  );

/** One sampled item: its design and, when its label can be compared with the judge's verdict, the cell it adds. */
export type SampledLabel = Readonly<{
  stratum?: SampleStratum | null;
  inclusionProbability?: number | null;
  compared: LabelCell | null;
}>;

/** A sampled item's design group (stratum and inclusion probability); null for an unknown design. */
const groupOf = (item: Pick<SampledLabel, 'stratum' | 'inclusionProbability'>) =>
  item.stratum && item.inclusionProbability ? `${item.stratum} ${item.inclusionProbability}` : null;

/** Each design group's items over its compared ones: the factor that weights a group to its whole sample. */
export type DesignShares = ReadonlyMap<string, number>;

/**
 * The design shares of a whole gold set or labels file (each item's design, and whether its label can be compared):
 * a window of its labels (drift) reads them with the whole set's, so it weights labels as the standing does.
 */
export function designShares(items: readonly Readonly<{ design: SampledLabel; comparable: boolean }>[]): DesignShares {
  const sampled = new Map<string, number>();
  const compared = new Map<string, number>();
  for (const { design, comparable } of items) {
    const group = groupOf(design);
    if (group === null) continue;
    sampled.set(group, (sampled.get(group) ?? 0) + 1);
    if (comparable) compared.set(group, (compared.get(group) ?? 0) + 1);
  }
  return new Map([...compared].map(([group, n]) => [group, sampled.get(group)! / n]));
}

/**
 * The compared labels' cells, each design group (stratum and inclusion probability) weighted to the calls its whole
 * sample stands for: a group labelled in part (unlabelled, deferred, disputed or unscored items) counts as much as
 * one labelled in full, so a sample labelled unevenly across its strata (as active labeling labels it) is still
 * weighted back to the calls each stratum was drawn from. Items of an unknown design keep weight 1. `shares`: those
 * of the whole set these items are part of (default: these items are the whole set).
 */
export function sampleCells(
  items: readonly SampledLabel[],
  shares: DesignShares = designShares(items.map((design) => ({ design, comparable: design.compared !== null }))),
): LabelCell[] {
  return mergeCells(
    items.flatMap(({ compared: cell, ...design }) => {
      if (!cell) return [];
      const group = groupOf(design);
      return [{ ...cell, weight: cell.weight * (group === null ? 1 : (shares.get(group) ?? 1)) }];
    }),
  );
}

/**
 * One compared label as a cell of its sampling design: its confusion category (the human label is the truth) and
 * the calls it stands for (the inverse of its inclusion probability; an unknown design counts as a simple random
 * sample of weight 1). Every estimate that weights labels back to their strata reads labels through this.
 */
export function labelCellOf(
  judgePass: boolean,
  human: 'pass' | 'fail',
  stratum?: SampleStratum | null,
  inclusionProbability?: number | null,
): LabelCell {
  const category = human === 'pass' ? (judgePass ? 'tp' : 'fn') : judgePass ? 'fp' : 'tn';
  const known = stratum && inclusionProbability;
  const one = { tp: 0, fn: 0, fp: 0, tn: 0, [category]: 1 };
  return { stratum: known ? stratum : 'all', weight: known ? 1 / inclusionProbability : 1, ...one };
}

const confusionCategory = (cell: LabelCell): 'tp' | 'fn' | 'fp' | 'tn' =>
  cell.tp > 0 ? 'tp' : cell.fn > 0 ? 'fn' : cell.fp > 0 ? 'fp' : 'tn';

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

/** What the trust rule reads of the rates: the weighted TPR and TNR and, for a weighted sample, what they are worth. */
export type RuleRates = Readonly<{
  tpr: number | null;
  tnr: number | null;
  /** Labels of a simple random sample each rate is worth (a weighted sample only; absent: counted as labelled). */
  effectiveLabels?: Readonly<{ tpr: number; tnr: number }>;
  /** The stratum whose labels weigh most for each rate (the one to label more of). */
  heaviest?: Readonly<{ tpr: CellStratum | null; tnr: CellStratum | null }>;
}>;

const STRATUM_WORDS: Record<CellStratum, string> = {
  judge_pass: 'answers the judge passed',
  judge_fail: 'answers the judge failed',
  all: 'answers',
};

/** A weighted rate that rests on fewer effective labels than the rule's minimum, in words; null when enough. */
function tooLight(rates: RuleRates, minimum: number): string | null {
  const worth = rates.effectiveLabels;
  if (!worth) return null;
  const light = (['tpr', 'tnr'] as const).filter((rate) => worth[rate] < minimum);
  if (light.length === 0) return null;
  const words = light.map((rate) => {
    const stratum = rates.heaviest?.[rate];
    const more = stratum ? `; label more ${STRATUM_WORDS[stratum]}` : '';
    return `${rate.toUpperCase()} is worth ${worth[rate].toFixed(1)} labels of a simple random sample (${minimum} needed)${more}`;
  });
  return `not enough labels: weighted back to the calls sampled from, ${words.join('; ')}`;
}

/**
 * The trust rule (docs/grading.md): trusted iff at least `gold_target_n` pass/fail labels, at least `min_per_class` of each
 * class (and, for a sample weighted back to its strata, each rate worth at least `min_per_class` labels), TPR >=
 * min_tpr and TNR >= min_tnr (the weighted rates). Too few labels: insufficient (not validated), with what is missing.
 */
export function trustVerdict(
  c: Counts,
  rates: RuleRates,
  t: TrustRule,
): Readonly<{ state: TrustState; reason: string | null }> {
  const missing = notEnoughLabels(c, t) ?? tooLight(rates, t.min_per_class);
  if (missing) return { state: 'insufficient', reason: missing };
  const tpr = rates.tpr ?? 0;
  const tnr = rates.tnr ?? 0;
  const below = [
    tpr < t.min_tpr ? `TPR ${tpr.toFixed(2)} is below ${t.min_tpr}` : null,
    tnr < t.min_tnr ? `TNR ${tnr.toFixed(2)} is below ${t.min_tnr}` : null,
  ].filter((why): why is string => why !== null);
  return below.length === 0 ? { state: 'trusted', reason: null } : { state: 'failing', reason: below.join('; ') };
}

/**
 * The stratum whose labels each stand for the most calls: its few labels of a class weigh most in both rates (a run
 * that mostly passes makes the judge-passed failures the rare, heavy ones), so more of its labels narrow them most.
 */
const heaviestStratum = (cells: readonly LabelCell[]): CellStratum | null =>
  [...cells].filter((cell) => cell.stratum !== 'all').sort((a, b) => b.weight - a.weight)[0]?.stratum ?? null;

/** The cells of counts that carry none: one simple random sample. */
export const cellsOf = (c: DesignCounts): readonly LabelCell[] =>
  c.cells ??
  (c.tp + c.fn + c.fp + c.tn > 0 ? [{ stratum: 'all', weight: 1, tp: c.tp, fn: c.fn, fp: c.fp, tn: c.tn }] : []);

/**
 * The validation report (docs/grading.md): the labelled counts, TPR and TNR (null for an empty class) weighted back to the calls each
 * stratum was sampled from (a simple random sample is unweighted), with their posterior intervals at the settings'
 * confidence.
 */
export function validationReport(grader: string, c: DesignCounts, t: JudgeThresholds): JudgeValidationReport {
  const cells = cellsOf(c);
  const rates = rateIntervals(cells, t.confidence);
  const weighted = isWeighted(cells);
  const rule: RuleRates = weighted
    ? { ...rates, heaviest: { tpr: heaviestStratum(cells), tnr: heaviestStratum(cells) } }
    : { tpr: rates.tpr, tnr: rates.tnr };
  return {
    grader,
    n_pos: c.tp + c.fn,
    n_neg: c.tn + c.fp,
    tp: c.tp,
    tn: c.tn,
    fp: c.fp,
    fn: c.fn,
    tpr: rates.tpr,
    tnr: rates.tnr,
    tpr_ci: rates.tprCi,
    tnr_ci: rates.tnrCi,
    weighted,
    ...trustVerdict(c, rule, t),
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
