// Active labeling of a gold set: which unlabelled item's label is expected to shrink the corrected pass rate's interval most.
import type { HumanLabel, SampleStratum } from '../../../src-shared/model';
import type { ObservedPasses } from './corrected-pass-rate';
import { roganGladenEstimate } from '../stats/corrected-rate';
import type { LabelCell } from '../stats/label-cells';
import { labelCellOf, sampleCells } from './judge-stats';

/**
 * The rule, as the workbench states it. The gold set's items fall in two strata by the judge's verdict (it passed
 * them or failed them), known before labelling. For each stratum, the expected width after one more label is the
 * width if the human passes the item times the chance of that (the stratum's labelled share of human passes, with
 * one pseudo-label of each kind), plus the width if the human fails it times the rest. The stratum whose label is
 * expected to shrink the width most comes first; within a stratum, the plain queue's order, which is random: a
 * stratum labelled in part is then a random sample of it, and the labels weighted back to the calls each stratum was
 * drawn from stay unbiased wherever labelling stops (the judge's least sure verdicts first would make it a sample
 * of the items nearest the threshold, which no weight corrects; measured in test/simulation/active.sim.ts). The width is that of the Rogan-Gladen estimate's posterior interval for the judge's
 * verdicts on its stored calls: the weighted labels the trust rule and a run's verdict read (1 when there is none).
 */
export const ACTIVE_LABELING_RULE =
  'Next comes an item of the stratum (judge passed / judge failed) whose label is expected to shrink the corrected ' +
  "pass rate's interval most (expected over pass and fail, with the stratum's labelled pass share); within a " +
  'stratum, in the queue’s random order, so that its labels stay a fair sample of it wherever you stop. The ' +
  'interval is the Rogan-Gladen estimate’s, from the labels weighted back to the calls each stratum was drawn from, ' +
  'as the trust rule and the run verdict read them.';

/**
 * One gold item as active labeling sees it: the judge's verdict (null: no score), how sure it was, the human label,
 * and how it was sampled (its stratum and inclusion probability; absent: a simple random sample of weight 1).
 */
export type ActiveItem = Readonly<{
  id: string;
  judgePass: boolean | null;
  human: HumanLabel | null;
  /** Its reviewers disagree (pass against fail): labelled, but out of the counts until they agree. */
  disputed?: boolean;
  /** When the label was given (epoch ms); null while unlabelled. */
  labelledAt: number | null;
  stratum?: SampleStratum | null;
  inclusionProbability?: number | null;
}>;

export type Stratum = 'judge_pass' | 'judge_fail';
export type StratumGain = Readonly<{ stratum: Stratum; unlabelled: number; expectedWidth: number; gain: number }>;
/** One pass/fail label in label-time order: the interval's width before and after it. */
export type WidthStep = Readonly<{ id: string; before: number; after: number; labelledAt: number }>;

type Counts = Readonly<{ tp: number; tn: number; fp: number; fn: number }>;
const NONE: Counts = { tp: 0, tn: 0, fp: 0, fn: 0 };

/**
 * The width of the Rogan-Gladen estimate's interval from these weighted label cells (the same posterior interval as
 * the trust rule's TPR/TNR and a run's corrected pass rate); 1 (all of [0, 1]) when there is none.
 */
export function intervalWidth(cells: readonly LabelCell[], observed: ObservedPasses, confidence: number): number {
  if (observed.n === 0) return 1;
  const { ci } = roganGladenEstimate(cells, observed, confidence);
  return ci === null ? 1 : ci[1] - ci[0];
}

/** The weighted cell a compared label adds (none for defers, disputed and unscored items). */
function labelCell(item: ActiveItem, human: HumanLabel | null = item.human): LabelCell | null {
  if (item.judgePass === null || item.disputed || (human !== 'pass' && human !== 'fail')) return null;
  return labelCellOf(item.judgePass, human, item.stratum, item.inclusionProbability);
}

/** The weighted cells of the compared labels among `items` (the gold set: each group weighted to its whole sample). */
export const cellsOfItems = (items: readonly ActiveItem[]): LabelCell[] =>
  sampleCells(items.map((item) => ({ ...item, compared: labelCell(item) })));

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
  const c = countsOf(items.filter((item) => !item.disputed));
  const width = intervalWidth(cellsOfItems(items), observed, confidence);
  const strata = (['judge_pass', 'judge_fail'] as const).map((stratum): StratumGain => {
    const judgePass = stratum === 'judge_pass';
    const [passCell, failCell] = judgePass ? (['tp', 'fp'] as const) : (['fn', 'tn'] as const);
    const passShare = (c[passCell] + 1) / (c[passCell] + c[failCell] + 2);
    const queue = items.filter((item) => isUnlabelled(item) && item.judgePass === judgePass);
    // The label to come is the stratum's next in the queue; with it labelled, its group's weights are spread anew.
    const next = queue[0];
    const widthIf = (human: 'pass' | 'fail') =>
      next === undefined
        ? width
        : intervalWidth(cellsOfItems(items.map((i) => (i === next ? { ...i, human } : i))), observed, confidence);
    const expectedWidth = passShare * widthIf('pass') + (1 - passShare) * widthIf('fail');
    return { stratum, unlabelled: queue.length, expectedWidth, gain: width - expectedWidth };
  });
  return { width, strata };
}

/**
 * The unlabelled items in the order ACTIVE_LABELING_RULE gives: by their stratum's gain (a stratum with nothing left
 * ranks last), then queue order (a random one: the labels of a stratum labelled in part stay a random sample of it).
 * Items the judge gave no score come last: their label cannot enter TPR or TNR.
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
  queue.sort((a, b) => b.gain - a.gain || a.position - b.position);
  return { width, strata, order: queue.map(({ item }) => item) };
}

/**
 * The width before and after each pass/fail label, in label-time order (defers and unscored items change nothing):
 * at each step the gold set as it stood then, the items labelled later unlabelled.
 */
export function widthHistory(items: readonly ActiveItem[], observed: ObservedPasses, confidence: number): WidthStep[] {
  const labelled = items
    .filter((item) => labelCell(item) !== null && item.labelledAt !== null)
    .sort((a, b) => a.labelledAt! - b.labelledAt!);
  const asOf = (at: number) =>
    items.map((item) => (item.labelledAt === null || item.labelledAt <= at ? item : { ...item, human: null }));
  const steps: WidthStep[] = [];
  for (const item of labelled) {
    const before = steps.at(-1)?.after ?? intervalWidth(cellsOfItems(asOf(item.labelledAt! - 1)), observed, confidence);
    const after = intervalWidth(cellsOfItems(asOf(item.labelledAt!)), observed, confidence);
    steps.push({ id: item.id, before, after, labelledAt: item.labelledAt! });
  }
  return steps;
}

/**
 * Whether more labels stopped paying: over the last `over` labels the width shrank by less than `step` (a fraction,
 * 0.005 = 0.5 percentage points). False while there are fewer than `over` labels, or while the interval did not yet
 * exist at the start of those labels (a width of 1 cannot shrink by a step: it is not there yet).
 */
export function stoppedPaying(history: readonly WidthStep[], step: number, over: number): boolean {
  const first = history.at(-over);
  if (history.length < over || !first || first.before >= 1) return false;
  return first.before - history.at(-1)!.after < step;
}
