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

/** Adds each promotable item that is not deferred to the grader's gold set, carrying its label over. */
export async function promoteToGold(
  ids: readonly string[],
  graderId: string,
  deps: PromoteDeps,
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
    const goldId = `tr-${graderId}-${item.traceId}`;
    const added = await deps.store.judges.addGoldItems([
      {
        id: goldId,
        graderId,
        judgeCallId: null,
        question: item.inputText ?? '',
        response: item.outputText ?? '',
        judgeScore: null,
        judgeReason: null,
        createdAt: deps.clock(),
      },
    ]);
    if (added === 0) {
      outcomes.push(refused(id, `already in the gold set of ${graderId} as "${goldId}"`));
      continue;
    }
    if (label?.verdict) {
      const patch = { verdict: label.verdict, dimensions: label.dimensions, tags: label.tags, notes: label.notes };
      await deps.store.labels.apply(
        [{ subjectType: 'gold_item', subjectId: goldId }],
        patch,
        `promote-${goldId}`,
        deps.clock(),
      );
    }
    outcomes.push({ id, promoted: true, createdId: goldId, reason: null });
  }
  return outcomes;
}
