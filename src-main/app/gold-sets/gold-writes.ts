// The service's writes to the label files (files first, then the index): a sample, a label, an undo, a validation.
import type { GraderId, LabelPatch, LabelSubject, ValidationLine } from '../../../src-shared/model';
import { RpcError } from '../../../src-shared/rpc/wire';
import { toGoldItemFiles, type JudgeSample } from '../../engine/trust/sample-judge-calls';
import type { RecordValidation } from '../../engine/trust/validate-judge';
import { isLlmJudge } from '../../engine/trust/judge-standing';
import { labelGoldItem, undoGoldLabel } from '../../workspace/labels/gold-labelling';
import { appendValidationLine, writeGoldItem } from '../../workspace/labels/gold-set-writes';
import { newLineId } from '../../workspace/labels/reviewer-labels';
import type { AppState } from '../app-state';

/** Writes the sample's items to the gold set folder (an item already there stays as it is); returns their ids. */
export async function addSample(state: AppState, sample: JudgeSample): Promise<{ ids: string[]; added: number }> {
  const files = toGoldItemFiles(sample);
  const added = files.filter(({ item }) => writeGoldItem(state.dir, item)).length;
  await state.syncLabels();
  await state.db.goldSets.linkJudgeCalls(files.map(({ item, callId }) => ({ id: item.id, callId })));
  return { ids: files.map(({ item }) => item.id), added };
}

/** The judge whose gold set holds the item; not_found when no gold set does. */
async function graderOf(state: AppState, itemId: string): Promise<GraderId> {
  const grader = await state.db.goldSets.graderOf(itemId);
  if (grader === undefined || !isLlmJudge(grader))
    throw new RpcError('not_found', `No gold item "${itemId}" to label.`);
  return grader;
}

/** Appends `reviewer`'s label of a gold item (their current label with `patch` applied) and reads it into the index. */
export async function labelGold(state: AppState, itemId: string, patch: LabelPatch, reviewer: string) {
  await state.syncLabels();
  const grader = await graderOf(state, itemId);
  const who = { grader, item: itemId, reviewer, now: state.clock() };
  const line = labelGoldItem(state.dir, who, patch, state.labelIndex.reviewerLines(grader));
  await state.syncLabels();
  return line;
}

/**
 * Takes back a reviewer's label of a gold item with an undo line: `lineId` (a change this machine made), else the
 * reviewer's current label. Returns whether there was one to take back.
 */
export async function undoGold(
  state: AppState,
  subject: LabelSubject,
  reviewer: string,
  lineId?: string,
): Promise<boolean> {
  await state.syncLabels();
  const grader = await graderOf(state, subject.subjectId);
  const who = { grader, item: subject.subjectId, reviewer, now: state.clock() };
  const undone = undoGoldLabel(state.dir, who, lineId, state.labelIndex.reviewerLines(grader));
  await state.syncLabels();
  return undone !== null;
}

/** Records a validation as a line of the judge's validations file, by the reviewer in the user's settings. */
export const recordValidation =
  (state: AppState): RecordValidation =>
  async ({ report, judge, labelsSource, createdAt, cells }) => {
    if (report.state === 'unvalidated' || report.state === 'stale')
      throw new Error(`recordValidation: "${report.state}" is not a validation outcome`);
    const line: ValidationLine = {
      id: newLineId(),
      at: new Date(createdAt).toISOString(),
      reviewer: state.userSettings.get().reviewer,
      source: labelsSource,
      judge: { provider: judge.provider, model: judge.model, template_version: judge.template_version },
      tp: report.tp,
      tn: report.tn,
      fp: report.fp,
      fn: report.fn,
      state: report.state,
      // A sample weighted back to its strata keeps its design, so its rates read the same after a re-index.
      ...(cells && cells.some((cell) => cell.stratum !== 'all') ? { design: [...cells] } : {}),
    };
    appendValidationLine(state.dir, report.grader, line);
    await state.syncLabels();
  };
