// Promotes review items into a dataset file or a judge's gold set, one outcome per item, refusing what the guard refuses.
import {
  dataset as datasetSchema,
  question as questionSchema,
  type PromoteOutcome,
  type Question,
} from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { validateYamlFile } from '../../workspace/validate-file';
import { readSnapshot, writeSnapshot } from '../../workspace/write-file';
import { shortHash, traceItemId } from '../../workspace/labels/gold-item-file';
import { labelGoldItem } from '../../workspace/labels/gold-labelling';
import { writeGoldItem } from '../../workspace/labels/gold-set-writes';
import { reviewItemDetail } from './item-detail';
import { appendQuestions, datasetQuestions, guardReason, questionFromItem } from './promote';

export type PromoteDeps = Readonly<{ store: StoreApi; clock: () => number }>;

const refused = (id: string, reason: string): PromoteOutcome => ({ id, promoted: false, createdId: null, reason });

/** Appends one question per promotable item to the dataset file (`path` absolute, `file` relative for messages). */
export async function promoteToDataset(
  ids: readonly string[],
  target: { path: string; file: string },
  deps: PromoteDeps,
): Promise<PromoteOutcome[]> {
  const snapshot = readSnapshot(target.path);
  const text = snapshot.text;
  const existing = datasetQuestions(text);
  const questions: Question[] = [];
  const outcomes: PromoteOutcome[] = [];
  for (const id of ids) {
    const item = await reviewItemDetail(deps.store.traces, id, 0);
    if (!item) {
      outcomes.push(refused(id, `no review item "${id}"`));
      continue;
    }
    const guard = guardReason(item);
    const already = existing.bySourceTrace.get(item.traceId);
    if (guard) outcomes.push(refused(id, guard));
    else if (already) outcomes.push(refused(id, `already in ${target.file} as question "${already}"`));
    else {
      const label = (await deps.store.labels.get({ subjectType: 'review_item', subjectId: id })) ?? null;
      const question = questionFromItem(item, label, existing.ids);
      const checked = questionSchema.safeParse(question);
      if (!checked.success)
        outcomes.push(refused(id, `the question would not be valid: ${checked.error.issues[0]?.message ?? 'invalid'}`));
      else {
        questions.push(question);
        existing.bySourceTrace.set(item.traceId, question.id);
        outcomes.push({ id, promoted: true, createdId: question.id, reason: null });
      }
    }
  }
  if (questions.length) {
    const next = appendQuestions(text, questions);
    const issues = validateYamlFile(target.file, next, datasetSchema).issues.filter(
      (issue) => issue.severity === 'error',
    );
    if (issues.length)
      throw new Error(`promoting would make ${target.file} invalid: ${issues[0]!.message} (${issues[0]!.path})`);
    writeSnapshot(snapshot, next);
  }
  return outcomes;
}

/**
 * Adds each promotable item that is not deferred to the grader's gold set folder (labels/<grader>/items/), carrying its
 * label over as a line of its reviewer's file. The caller reads the new files into the index.
 */
export async function promoteToGold(
  ids: readonly string[],
  graderId: string,
  deps: PromoteDeps & Readonly<{ dir: string }>,
): Promise<PromoteOutcome[]> {
  const outcomes: PromoteOutcome[] = [];
  for (const id of ids) {
    const item = await deps.store.traces.item(id, 0);
    if (!item) {
      outcomes.push(refused(id, `no review item "${id}"`));
      continue;
    }
    const guard = guardReason(item);
    if (guard) {
      outcomes.push(refused(id, guard));
      continue;
    }
    const label = await deps.store.labels.get({ subjectType: 'review_item', subjectId: id });
    if (label?.verdict === 'defer') {
      outcomes.push(refused(id, 'the reviewer deferred it; a deferred item never enters a gold set'));
      continue;
    }
    const goldId = traceItemId(graderId, item.traceId);
    const question = item.inputText ?? '';
    const added = writeGoldItem(deps.dir, {
      id: goldId,
      grader: graderId,
      question_id: null,
      question_hash: shortHash(question),
      question,
      answer: item.outputText ?? '',
      source: { run: null, trace: item.traceId },
      added_at: new Date(deps.clock()).toISOString(),
      sample: null,
      judge: null,
    });
    if (!added) {
      outcomes.push(refused(id, `already in the gold set of ${graderId} as "${goldId}"`));
      continue;
    }
    if (label?.verdict) {
      const who = { grader: graderId, item: goldId, reviewer: label.reviewer, now: deps.clock() };
      labelGoldItem(deps.dir, who, {
        verdict: label.verdict,
        dimensions: label.dimensions,
        tags: label.tags,
        notes: label.notes,
      });
    }
    outcomes.push({ id, promoted: true, createdId: goldId, reason: null });
  }
  return outcomes;
}
