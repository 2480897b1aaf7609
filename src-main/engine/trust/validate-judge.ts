// Validates a judge against human labels (from a labels file or the workbench's gold items) and stores the result.
import {
  describeIdentity,
  GRADER_CATALOG,
  type GraderId,
  type JudgeIdentity,
  type JudgeValidation,
  type LabelsFile,
  type WorkspaceIssue,
} from '../../../src-shared/model';
import type { ValidationInput } from '../../store/repos/judges.repo';
import type { StoreApi } from '../../store/store';
import { currentJudgeIdentity, dominantIdentity, identityOfCall, staleReason, type JudgeSetup } from './judge-identity';
import type { DriftWindow } from './judge-drift';
import { labelledScoresOf, type GoldLabel } from './gold-labels';
import { standingOf } from './judge-standing';
import { confusionOf, validationReport, validationWarnings, type LabelledScore } from './judge-stats';
import type { LabelsLocator } from './labels-file';
import { refusal } from '../../../src-shared/rpc/wire';
import { plural } from '../../../src-shared/text/plural';

/** One label to compare: the judge call it belongs to (when known), the judge's native score, the human label. */
export type LabelledItem = LabelledScore &
  Readonly<{
    judgeCallId: number | null;
    /** The judge that scored it and when it was sampled, as a gold item records them (null: not recorded). */
    scoredBy?: Readonly<{ identity: JudgeIdentity; at: number }> | null;
  }>;

/** A judge that cannot be validated as asked (no gold items yet). */
export class ValidationError extends refusal('bad_input', 'ValidationError') {}

const callIdOf = (id: number | string): number | null => {
  const match = typeof id === 'number' ? String(id) : /^(?:jc-)?(\d+)$/.exec(id)?.[1];
  return match === undefined ? null : Number(match);
};

/** A labels file read without errors, with a locator for errors at its items. */
export type FileLabels = Readonly<{ value: LabelsFile; locate: LabelsLocator }>;

/**
 * The file's human labels joined to the store's judge calls (docs/security.md): the judge's score comes from the store,
 * never from the file, whose judge_score and judge_reason are only there for the labeler to read. An id the store
 * does not know, a call of another grader, or two items naming the same call is an error at that item's line.
 */
export async function itemsFromFile(
  db: StoreApi,
  file: FileLabels,
  grader: GraderId,
): Promise<Readonly<{ items: LabelledItem[]; issues: WorkspaceIssue[] }>> {
  const callIds = file.value.items.map((item) => callIdOf(item.id));
  const known = await db.judges.callsByIds(callIds.filter((id): id is number => id !== null));
  const calls = new Map(known.map((call) => [call.id, call]));
  const seen = new Map<number, number>();
  // The sampling design is listed with the judge's answers (its stratum names the judge's verdict).
  const designOf = new Map((file.value.judge_answers ?? []).map((answer) => [String(answer.id), answer]));
  const items: LabelledItem[] = [];
  const issues: WorkspaceIssue[] = [];
  file.value.items.forEach((item, index) => {
    const at = ['items', index, 'id'];
    const callId = callIds[index];
    const call = callId === null || callId === undefined ? undefined : calls.get(callId);
    if (!call) {
      issues.push(
        file.locate(at, `unknown id ${String(item.id)}: no judge call with this id in this workspace's store`),
      );
      return;
    }
    if (call.graderId !== grader) {
      issues.push(file.locate(at, `id ${String(item.id)} is a judge call of ${call.graderId}, not of ${grader}`));
      return;
    }
    const first = seen.get(call.id);
    if (first !== undefined) {
      issues.push(file.locate(at, `duplicate judge call ${call.id} (also items.${first})`));
      return;
    }
    seen.set(call.id, index);
    const design = designOf.get(String(item.id));
    items.push({
      judgeCallId: call.id,
      judgeScore: call.score,
      human: item.human_label,
      stratum: design?.stratum ?? null,
      inclusionProbability: design?.inclusion_probability ?? null,
    });
  });
  return { items, issues };
}

/** The gold set's items as labels to compare: agreed labels, sampling design and the judge each item records. */
export const itemsFromGold = (rows: readonly GoldLabel[]): LabelledItem[] => {
  const scores = labelledScoresOf(rows);
  return rows.map((row, i) => ({ ...scores[i]!, scoredBy: row.judge && { identity: row.judge, at: row.createdAt } }));
};

/** Keeps a validation: the app appends it to the judge's validations file (labels/<grader>/validations.jsonl). */
export type RecordValidation = (validation: ValidationInput) => Promise<void>;

const NO_JUDGE: JudgeIdentity = { provider: '', model: '', template_version: null };

/**
 * Computes TPR/TNR and the trust state, and records the validation with the identity of the judge whose answers were
 * labelled (as the gold items record it, else as the store's calls do, else the judge configured now), so a later
 * change of judge makes it stale. `windows`: the gold set's labelling windows, whose latest can make a trusted judge
 * failing (as its standing does).
 */
export async function validateJudge(
  db: StoreApi,
  config: JudgeSetup,
  grader: GraderId,
  items: readonly LabelledItem[],
  labelsSource: string,
  now: number,
  record: RecordValidation,
  windows: readonly DriftWindow[] = [],
): Promise<JudgeValidation> {
  const info = GRADER_CATALOG[grader];
  if (info.kind !== 'llm_judge')
    throw new ValidationError(`${grader} is not an LLM judge; only judges are validated against labels`);
  const { settings } = config;
  const counts = confusionOf(items, info, settings.question_pass_threshold);
  const report = validationReport(grader, counts, settings.judges);
  const warnings = validationWarnings(counts);

  const labelled = items.filter((item) => item.human === 'pass' || item.human === 'fail');
  const recorded = labelled.flatMap((item) => (item.scoredBy ? [item.scoredBy] : []));
  const labelledIds = labelled.flatMap((item) => (item.judgeCallId === null ? [] : [item.judgeCallId]));
  const [calls, current] = await Promise.all([
    recorded.length > 0 ? [] : db.judges.callsByIds(labelledIds),
    currentJudgeIdentity(db, config, grader),
  ]);
  const fromCalls = dominantIdentity(
    recorded.length > 0
      ? recorded
      : calls
          .filter((call) => call.graderId === grader)
          .map((call) => ({ identity: identityOfCall(call), at: call.createdAt })),
  );
  if (calls.some((call) => call.graderId !== grader))
    warnings.push(`some labelled ids are judge calls of another grader`);
  if (fromCalls && fromCalls.others > 0) {
    warnings.push(
      `${plural(fromCalls.others, 'labelled call')} ${fromCalls.others === 1 ? 'was' : 'were'} made by a different judge than ${describeIdentity(fromCalls.identity)}, which this validation is recorded for`,
    );
  }
  const judge = fromCalls?.identity ?? current ?? NO_JUDGE;
  const stale = staleReason(judge, current);
  if (stale)
    warnings.push(`the labelled calls are out of date: ${stale}; sample the current judge's calls and label again`);

  await record({ report, judge, labelsSource, createdAt: now, cells: counts.cells });
  return {
    ...standingOf(report, stale, windows).report,
    n_defer: counts.nDefer,
    n_unlabelled: counts.nUnlabelled,
    n_unscored: counts.nUnscored,
    n_disputed: counts.nDisputed,
    judge,
    labels_source: labelsSource,
    validated_at: now,
    warnings,
  };
}
