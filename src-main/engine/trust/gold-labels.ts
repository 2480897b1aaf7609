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

/** The gold set as the confusion counts read it: each item's judge call and score, agreed label and sampling design. */
export const labelledScoresOf = (gold: readonly GoldLabel[]): (LabelledScore & { judgeCallId: number | null })[] =>
  gold.map((item) => ({
    judgeCallId: item.judgeCallId,
    judgeScore: item.judgeScore,
    ...comparedLabel(item),
    stratum: item.stratum,
    inclusionProbability: item.inclusionProbability,
  }));
