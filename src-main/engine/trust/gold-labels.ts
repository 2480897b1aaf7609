// A judge's gold set as every consumer reads it: each item with its one agreed label (agreedLabel, the only rule of
// which labels count), so validation, drift, the judges table, verdicts, the CLI and envelopes count the same labels.
import type { HumanLabel } from '../../../src-shared/model';
import type { LabelledScore } from './judge-stats';
import type { GoldItemRow } from '../../store/repos/judges.repo';
import type { StoreApi } from '../../store/store';
import { agreedLabel, humanLabelOf, type AgreedLabel } from '../stats/agreed-labels';

export type GoldLabel = GoldItemRow & Readonly<{ agreed: AgreedLabel }>;

/** The item with its label agreed from every reviewer's latest verdict. */
export const withAgreedLabel = (row: GoldItemRow): GoldLabel => ({ ...row, agreed: agreedLabel(row.verdicts) });

/** The grader's gold items, each with its agreed label. */
export async function goldLabels(db: StoreApi, grader: string): Promise<GoldLabel[]> {
  return (await db.judges.goldItems(grader)).map(withAgreedLabel);
}

/** The label the confusion counts read: the agreed truth, 'defer', or null (unlabelled); disputed items say so. */
export const comparedLabel = (gold: GoldLabel): Readonly<{ human: HumanLabel | null; disputed: boolean }> => ({
  human: humanLabelOf(gold.agreed),
  disputed: gold.agreed.status === 'disputed',
});

/** The verdict `reviewer` gave the item themselves (null: none). */
export const ownVerdict = (gold: GoldItemRow, reviewer: string): HumanLabel | null =>
  gold.verdicts.find((v) => v.reviewer === reviewer)?.verdict ?? null;

/** An item whose agreed label the judge's verdict can be compared with: agreed, and scored by the judge. */
export const isCompared = (gold: GoldLabel): boolean => gold.judgeScore !== null && gold.agreed.status === 'agreed';

/** Whether a gold set holds items and none of them still waits for a reviewer's first verdict. */
export const nothingLeftToLabel = (gold: readonly GoldLabel[]): boolean =>
  gold.length > 0 && gold.every((item) => item.agreed.status !== 'unlabelled');

/** When no item is left to label: how to get more (a new sample after another run or over a wider window). */
export const NOTHING_LEFT_TO_LABEL =
  'Nothing is left to label in this gold set. To get more items, sample the judge’s calls again on the judges ' +
  'screen: after another run of a target it grades (new calls), or over a wider window of days than the last sample.';

/** The gold set as the confusion counts read it: each item's judge call and score, agreed label and sampling design. */
export const labelledScoresOf = (gold: readonly GoldLabel[]): (LabelledScore & { judgeCallId: number | null })[] =>
  gold.map((item) => ({
    judgeCallId: item.judgeCallId,
    judgeScore: item.judgeScore,
    ...comparedLabel(item),
    stratum: item.stratum,
    inclusionProbability: item.inclusionProbability,
  }));
