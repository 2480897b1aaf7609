// Judge drift: TPR/TNR per 7-day labelling window, and whether the latest window still meets the trust rule.
import type { GraderId, GraderInfo, HumanLabel, JudgeValidationReport } from '../../../src-shared/model';
import { GRADER_CATALOG } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { comparedLabel, goldLabels, labelledScoresOf, type GoldLabel } from './gold-labels';
import type { JudgeSetup } from './judge-identity';
import {
  confusionOf,
  designSharesOf,
  validationReport,
  type DesignShares,
  type JudgeThresholds,
  type LabelledScore,
} from './judge-stats';

/**
 * Windows are 7 UTC days by label time, counted back from the day of the latest label (so the latest window is the
 * last week of labelling, whatever the calendar); a window without labels is left out. Weeks rather than every N
 * labels, because drift is about time: a judge model updated upstream, or answers that changed.
 */
export const DRIFT_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** One labelled gold item: the judge's score (null: none), the agreed label, its sampling design and when it was agreed (epoch ms). */
export type TimedLabel = LabelledScore & Readonly<{ human: HumanLabel; labelledAt: number }>;

/** meets: TPR and TNR at or above the thresholds; out: one is under; too_few: fewer than min_per_class of a class. */
export type WindowCheck = 'meets' | 'out' | 'too_few';

export type DriftWindow = Readonly<{
  /** First and last day of the window (epoch ms of 00:00 UTC). */
  from: number;
  to: number;
  /** The window in words, e.g. "Nov 21–27". */
  days: string;
  check: WindowCheck;
  below: RateBelow[];
  reason: string | null;
}> &
  /** The window's counts and rates, as a validation over its labels reports them. */
  Pick<JudgeValidationReport, 'tp' | 'tn' | 'fp' | 'fn' | 'tpr' | 'tnr' | 'tpr_ci' | 'tnr_ci'>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 21–27", or "Nov 28–Dec 4" across a month (UTC). */
export function dayRange(from: number, to: number): string {
  const a = new Date(from);
  const b = new Date(to);
  const start = `${MONTHS[a.getUTCMonth()]} ${a.getUTCDate()}`;
  const end =
    a.getUTCMonth() === b.getUTCMonth() ? `${b.getUTCDate()}` : `${MONTHS[b.getUTCMonth()]} ${b.getUTCDate()}`;
  return from === to ? start : `${start}–${end}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A rate of a window under its threshold. */
export type RateBelow = Readonly<{ rate: 'TPR' | 'TNR'; value: number; min: number }>;

const belowInWords = ({ rate, value, min }: RateBelow, where: string) =>
  `${rate} ${value.toFixed(2)}${where} is under ${min.toFixed(2)}`;

/** The trust rule's rates in one window: TPR/TNR thresholds, once it holds `min_per_class` labels of each class. */
function windowCheck(
  c: Readonly<{ tp: number; tn: number; fp: number; fn: number }>,
  t: JudgeThresholds,
  days: string,
): Readonly<{ check: WindowCheck; below: RateBelow[]; reason: string | null }> {
  const nPos = c.tp + c.fn;
  const nNeg = c.tn + c.fp;
  if (nPos < t.min_per_class || nNeg < t.min_per_class) {
    const held = `${plural(nPos, 'pass', 'passes')} and ${plural(nNeg, 'failure', 'failures')}`;
    const reason = `too few labels in ${days} to check (${held}; ${t.min_per_class} of each needed)`;
    return { check: 'too_few', below: [], reason };
  }
  const rates: RateBelow[] = [
    { rate: 'TPR', value: c.tp / nPos, min: t.min_tpr },
    { rate: 'TNR', value: c.tn / nNeg, min: t.min_tnr },
  ];
  const below = rates.filter((r) => r.value < r.min);
  return below.length === 0
    ? { check: 'meets', below, reason: null }
    : { check: 'out', below, reason: below.map((r) => belowInWords(r, '')).join('; ') };
}

/** The labels' windows, oldest first, each with its counts, TPR/TNR (Wilson intervals) and its check. */
export function driftWindows(
  grader: string,
  labels: readonly TimedLabel[],
  scale: Pick<GraderInfo, 'minScore' | 'maxScore'>,
  questionPassThreshold: number,
  thresholds: JudgeThresholds,
  shares?: DesignShares,
): DriftWindow[] {
  if (labels.length === 0) return [];
  const lastDay = Math.floor(Math.max(...labels.map((l) => l.labelledAt)) / DAY_MS);
  const byWindow = new Map<number, TimedLabel[]>();
  for (const label of labels) {
    const back = Math.floor((lastDay - Math.floor(label.labelledAt / DAY_MS)) / DRIFT_WINDOW_DAYS);
    byWindow.set(back, [...(byWindow.get(back) ?? []), label]);
  }
  return [...byWindow.entries()]
    .sort(([a], [b]) => b - a)
    .map(([back, members]) => {
      const to = (lastDay - back * DRIFT_WINDOW_DAYS) * DAY_MS;
      const from = to - (DRIFT_WINDOW_DAYS - 1) * DAY_MS;
      const days = dayRange(from, to);
      const c = confusionOf(members, scale, questionPassThreshold, shares);
      const report = validationReport(grader, c, thresholds);
      const { tp, tn, fp, fn, tpr, tnr, tpr_ci, tnr_ci } = report;
      return { from, to, days, tp, tn, fp, fn, tpr, tnr, tpr_ci, tnr_ci, ...windowCheck(c, thresholds, days) };
    });
}

/**
 * Why the judge is no longer trusted, when its latest window fell out of the trust rule: "TNR 0.62 in the latest
 * window (labels of Nov 21–27) is under 0.80"; null when it meets the rule or holds too few labels to say.
 */
export function latestWindowOut(windows: readonly DriftWindow[]): string | null {
  const latest = windows.at(-1);
  if (!latest || latest.check !== 'out') return null;
  return latest.below.map((r) => belowInWords(r, ` in the latest window (labels of ${latest.days})`)).join('; ');
}

/**
 * The agreed gold labels (and defers) with the time each was agreed and its sampling design: a disputed item is in no
 * window, whoever labelled it last.
 */
export function timedGoldLabels(gold: readonly GoldLabel[]): TimedLabel[] {
  return gold.flatMap((item) => {
    const { human } = comparedLabel(item);
    const labelledAt = item.agreed.at;
    if (human === null || labelledAt === null) return [];
    const { judgeScore, stratum, inclusionProbability } = item;
    return [{ judgeScore, human, labelledAt, stratum, inclusionProbability }];
  });
}

/** The drift windows of a grader's gold labels under the current settings. */
export function goldDrift(gold: readonly GoldLabel[], config: JudgeSetup, grader: GraderId): DriftWindow[] {
  const { settings } = config;
  const labels = timedGoldLabels(gold);
  // Each window weights its labels as the whole gold set's standing does (a group labelled in part, to its sample).
  const shares = designSharesOf(labelledScoresOf(gold));
  const { question_pass_threshold: threshold, judges } = settings;
  return driftWindows(grader, labels, GRADER_CATALOG[grader], threshold, judges, shares);
}

/** The drift windows of a grader's gold labels, read from the store. */
export async function judgeDrift(db: StoreApi, config: JudgeSetup, grader: GraderId): Promise<DriftWindow[]> {
  return goldDrift(await goldLabels(db, grader), config, grader);
}
