// Validates a judge against human labels (from a labels file or the workbench's gold items) and stores the result.
import {
  GRADER_CATALOG,
  type GraderId,
  type HumanLabel,
  type JudgeIdentity,
  type JudgeValidation,
  type LabelsFile,
} from '../../../src-shared/model';
import type { GoldItemRow } from '../../store/repos/judges.repo';
import type { StoreApi } from '../../store/store';
import {
  currentJudgeIdentity,
  describeIdentity,
  dominantIdentity,
  staleReason,
  type JudgeSetup,
} from './judge-identity';
import { confusionOf, validationReport, validationWarnings } from './judge-stats';

/** One label to compare: the judge call it belongs to (when known), the judge's native score and the human label. */
export type LabelledItem = Readonly<{
  judgeCallId: number | null;
  judgeScore: number | null;
  human: HumanLabel | null;
}>;

export class ValidationError extends Error {}

const callIdOf = (id: number | string): number | null => {
  const match = typeof id === 'number' ? String(id) : /^(?:jc-)?(\d+)$/.exec(id)?.[1];
  return match === undefined ? null : Number(match);
};

export const itemsFromFile = (file: LabelsFile): LabelledItem[] =>
  file.items.map((item) => ({ judgeCallId: callIdOf(item.id), judgeScore: item.judge_score, human: item.human_label }));

export const itemsFromGold = (rows: readonly GoldItemRow[]): LabelledItem[] =>
  rows.map((row) => ({ judgeCallId: row.judgeCallId, judgeScore: row.judgeScore, human: row.humanLabel }));

const NO_JUDGE: JudgeIdentity = { provider: '', model: '', template_version: null };

/**
 * Computes TPR/TNR and the trust state, and stores the validation with the identity of the judge whose calls were
 * labelled (or, for labels of unknown calls, the judge configured now), so a later change of judge makes it stale.
 */
export async function validateJudge(
  db: StoreApi,
  config: JudgeSetup,
  grader: GraderId,
  items: readonly LabelledItem[],
  labelsSource: string,
  now: number,
): Promise<JudgeValidation> {
  const info = GRADER_CATALOG[grader];
  if (info.kind !== 'llm_judge')
    throw new ValidationError(`${grader} is not an LLM judge; only judges are validated against labels`);
  const { settings } = config;
  const counts = confusionOf(items, info, settings.question_pass_threshold);
  const report = validationReport(grader, counts, settings.judges);
  const warnings = validationWarnings(counts, settings.judges.gold_target_n);

  const labelledIds = items.flatMap((item) =>
    item.judgeCallId !== null && (item.human === 'pass' || item.human === 'fail') ? [item.judgeCallId] : [],
  );
  const [calls, current] = await Promise.all([
    db.judges.callsByIds(labelledIds),
    currentJudgeIdentity(db, config, grader),
  ]);
  const fromCalls = dominantIdentity(calls.filter((call) => call.graderId === grader));
  if (calls.some((call) => call.graderId !== grader))
    warnings.push(`some labelled ids are judge calls of another grader`);
  if (fromCalls && fromCalls.others > 0) {
    warnings.push(
      `${fromCalls.others} labelled call(s) were made by a different judge than ${describeIdentity(fromCalls.identity)}, which this validation is recorded for`,
    );
  }
  const judge = fromCalls?.identity ?? current ?? NO_JUDGE;
  const stale = staleReason(judge, current);
  if (stale)
    warnings.push(`the labelled calls are out of date: ${stale}; sample the current judge's calls and label again`);

  await db.judges.saveValidation({ report, judge, labelsSource, createdAt: now });
  return {
    ...report,
    state: stale ? 'stale' : report.state,
    n_defer: counts.nDefer,
    n_unlabelled: counts.nUnlabelled,
    n_unscored: counts.nUnscored,
    judge,
    labels_source: labelsSource,
    validated_at: now,
    warnings,
  };
}
