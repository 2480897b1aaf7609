// Active labeling of a gold set: which unlabelled item's label is expected to shrink the corrected pass rate's interval most.
import type { HumanLabel } from '../../../src-shared/model';
import type { ObservedPasses } from './corrected-pass-rate';
import { zForConfidence } from '../stats/normal-quantile';
import { langReiczigelInterval } from '../stats/rogan-gladen';

/**
 * The rule, as the workbench states it. The gold set's items fall in two strata by the judge's verdict (it passed
 * them or failed them), known before labelling. For each stratum, the expected width after one more label is the
 * width if the human passes the item times the chance of that (the stratum's labelled share of human passes, with
 * one pseudo-label of each kind), plus the width if the human fails it times the rest. The stratum whose label is
 * expected to shrink the width most comes first; within a stratum, the item whose judge score lies closest to the
 * pass threshold (the judge's least sure verdicts) comes first; then the plain queue order. The width is that of
 * the corrected pass rate's interval (PPI++ when it has one, else Rogan-Gladen with Lang & Reiczigel; 1 when
 * neither has one) for the judge's verdicts on its stored calls.
 */
export const ACTIVE_LABELING_RULE =
  'Next comes an item of the stratum (judge passed / judge failed) whose label is expected to shrink the corrected ' +
  "pass rate's interval most (expected over pass and fail, with the stratum's labelled pass share); within a " +
  "stratum, the judge's least sure verdict (score closest to the pass threshold) first.";

/** One gold item as active labeling sees it: the judge's verdict (null: no score), how sure it was, the human label. */
export type ActiveItem = Readonly<{
  id: string;
  judgePass: boolean | null;
  /** Distance of the judge's score from the pass threshold on the 0-5 scale: smaller is less sure (0 for binary). */
  margin: number;
  human: HumanLabel | null;
  /** Its reviewers disagree (pass against fail): labelled, but out of the counts until they agree. */
  disputed?: boolean;
  /** When the label was given (epoch ms); null while unlabelled. */
  labelledAt: number | null;
}>;

export type Stratum = 'judge_pass' | 'judge_fail';
export type StratumGain = Readonly<{ stratum: Stratum; unlabelled: number; expectedWidth: number; gain: number }>;
/** One pass/fail label in label-time order: the interval's width before and after it. */
export type WidthStep = Readonly<{ id: string; before: number; after: number; labelledAt: number }>;

type Counts = Readonly<{ tp: number; tn: number; fp: number; fn: number }>;
const NONE: Counts = { tp: 0, tn: 0, fp: 0, fn: 0 };

/**
 * The width of the Rogan-Gladen pass rate's Lang & Reiczigel interval from these confusion counts; 1 (all of [0, 1])
 * when there is none. Not PPI++'s: with few labels in a stratum that all agree, its standard error collapses to
 * nearly 0, and a ranking by it would keep labelling where the labels agree (seen in the simulation, see tests).
 */
export function intervalWidth(c: Counts, observed: ObservedPasses, confidence: number): number {
  if (observed.n === 0) return 1;
  const counts = { nP: observed.n, kP: observed.passed, nSe: c.tp + c.fn, kSe: c.tp, nSp: c.tn + c.fp, kSp: c.tn };
  const ci = langReiczigelInterval(counts, zForConfidence(confidence));
  return ci === null ? 1 : ci[1] - ci[0];
}

/** The confusion cell a labelled item adds to (human label is the truth); none for defers and unscored items. */
function cellOf(item: Pick<ActiveItem, 'judgePass' | 'human'>): keyof Counts | null {
  if (item.judgePass === null || (item.human !== 'pass' && item.human !== 'fail')) return null;
  if (item.human === 'pass') return item.judgePass ? 'tp' : 'fn';
  return item.judgePass ? 'fp' : 'tn';
}

const add = (c: Counts, cell: keyof Counts | null): Counts => (cell ? { ...c, [cell]: c[cell] + 1 } : c);

export const countsOf = (items: readonly Pick<ActiveItem, 'judgePass' | 'human'>[]): Counts =>
  items.reduce((c, item) => add(c, cellOf(item)), NONE);

const isUnlabelled = (item: ActiveItem) => item.human === null && !item.disputed;

/** The expected width after one more label in each stratum, and the gain (width now minus that). */
export function strataGains(
  items: readonly ActiveItem[],
  observed: ObservedPasses,
  confidence: number,
): Readonly<{ width: number; strata: StratumGain[] }> {
  const c = countsOf(items);
  const width = intervalWidth(c, observed, confidence);
  const strata = (['judge_pass', 'judge_fail'] as const).map((stratum): StratumGain => {
    const judgePass = stratum === 'judge_pass';
    const [passCell, failCell] = judgePass ? (['tp', 'fp'] as const) : (['fn', 'tn'] as const);
    const passShare = (c[passCell] + 1) / (c[passCell] + c[failCell] + 2);
    const expectedWidth =
      passShare * intervalWidth(add(c, passCell), observed, confidence) +
      (1 - passShare) * intervalWidth(add(c, failCell), observed, confidence);
    const unlabelled = items.filter((item) => isUnlabelled(item) && item.judgePass === judgePass).length;
    return { stratum, unlabelled, expectedWidth, gain: width - expectedWidth };
  });
  return { width, strata };
}

/**
 * The unlabelled items in the order ACTIVE_LABELING_RULE gives: by their stratum's gain (a stratum with nothing left
 * ranks last), then the judge's least sure verdict, then queue order. Items the judge gave no score come last: their
 * label cannot enter TPR or TNR.
 */
export function activeOrder(
  items: readonly ActiveItem[],
  observed: ObservedPasses,
  confidence: number,
): Readonly<{ width: number; strata: StratumGain[]; order: ActiveItem[] }> {
  const { width, strata } = strataGains(items, observed, confidence);
  const gainOf = (item: ActiveItem) =>
    item.judgePass === null
      ? -Infinity
      : (strata.find((s) => s.stratum === (item.judgePass ? 'judge_pass' : 'judge_fail'))?.gain ?? -Infinity);
  const queue = items.filter(isUnlabelled).map((item, position) => ({ item, position, gain: gainOf(item) }));
  queue.sort((a, b) => b.gain - a.gain || a.item.margin - b.item.margin || a.position - b.position);
  return { width, strata, order: queue.map(({ item }) => item) };
}

/** The width before and after each pass/fail label, in label-time order (defers and unscored items change nothing). */
export function widthHistory(items: readonly ActiveItem[], observed: ObservedPasses, confidence: number): WidthStep[] {
  const labelled = items
    .filter((item) => cellOf(item) !== null && item.labelledAt !== null)
    .sort((a, b) => a.labelledAt! - b.labelledAt!);
  let c = NONE;
  const steps: WidthStep[] = [];
  for (const item of labelled) {
    const before = steps.at(-1)?.after ?? intervalWidth(c, observed, confidence);
    c = add(c, cellOf(item));
    steps.push({ id: item.id, before, after: intervalWidth(c, observed, confidence), labelledAt: item.labelledAt! });
  }
  return steps;
}

/**
 * Whether more labels stopped paying: over the last `over` labels the width shrank by less than `step` (a fraction,
 * 0.005 = 0.5 percentage points). False while there are fewer than `over` labels.
 */
export function stoppedPaying(history: readonly WidthStep[], step: number, over: number): boolean {
  const first = history.at(-over);
  if (history.length < over || !first) return false;
  return first.before - history.at(-1)!.after < step;
}
