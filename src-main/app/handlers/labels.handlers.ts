// Handlers of labels: one subject at a time from the keyboard, a whole group at once, and undo.
import { randomUUID } from 'node:crypto';
import { withPreferenceTag } from '../../../src-shared/model/preference';
import type { Contract } from '../../../src-shared/contract';
import { STANDARD_DIMENSIONS, type LabelPatch, type LabelSubject } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import type { AppState } from '../app-state';
import type { LineChange } from '../../store/repos/labels.repo';
import { labelGold, undoGold } from '../gold-sets/gold-writes';
import type { Ctx } from '../../../src-shared/rpc/ctx';

/** The largest group one call labels; a bigger selection is narrowed with filters first. */
const MAX_GROUP = 10_000;

const patchOf = (input: LabelPatch): LabelPatch => ({
  verdict: input.verdict,
  dimensions: input.dimensions,
  tags: input.tags,
  notes: input.notes,
});

export const labelsHandlers = (state: AppState) => {
  const changed = (subjects: LabelSubject[]) => state.events.emit('labels.changed', { subjects });
  /** The reviewer a change is stored with: the one the call names, else the user's settings. */
  const reviewerOf = (named: string | undefined) => named ?? state.userSettings.get().reviewer;
  /** Undoes changes that appended label lines: an undo line each; returns the subjects with their labels now. */
  const undoLines = async (changes: readonly LineChange[]) => {
    for (const change of changes) await undoGold(state, change.subject, change.reviewer, change.lineId);
    return Promise.all(
      changes.map(async ({ subject }) => ({ ...subject, label: (await state.db.labels.get(subject)) ?? null })),
    );
  };
  return {
    'labels.get': async (subject) => {
      if (subject.subjectType === 'gold_item') await state.syncLabels();
      return (await state.db.labels.get(subject)) ?? null;
    },
    'labels.getMany': async ({ subjectType, ids }) => {
      if (subjectType === 'gold_item') await state.syncLabels();
      return state.db.labels.getMany(subjectType, ids);
    },
    'labels.submit': async ({ subjectType, subjectId, reviewer, ...patch }) => {
      if (subjectType === 'gold_item') {
        // A gold item's label is a line of the reviewer's file (labels/<grader>/reviewers/), read back by the index.
        const subject = { subjectType, subjectId };
        const name = reviewerOf(reviewer);
        const line = await labelGold(state, subjectId, patchOf(patch), name);
        const batchId = randomUUID();
        await state.db.labels.rememberLine(batchId, { subject, reviewer: name, lineId: line.id }, state.clock());
        changed([subject]);
        return { label: (await state.db.labels.get(subject)) ?? null, batchId };
      }
      if (subjectType === 'review_item' && !(await state.db.traces.item(subjectId, 0))) {
        throw new RpcError('not_found', `No review item "${subjectId}" to label.`);
      }
      if (
        subjectType === 'question_result' &&
        !(/^\d+$/.test(subjectId) && (await state.db.results.get(Number(subjectId))))
      ) {
        throw new RpcError('not_found', `No question result "${subjectId}" to label.`);
      }
      const batchId = randomUUID();
      const [label] = await state.db.labels.apply(
        [{ subjectType, subjectId }],
        patchOf(patch),
        batchId,
        state.clock(),
        reviewerOf(reviewer),
      );
      changed([{ subjectType, subjectId }]);
      return { label: label ?? null, batchId };
    },
    'labels.prefer': async ({ resultId, baselineResultId, preference }) => {
      if (resultId === baselineResultId)
        throw new RpcError(
          'bad_input',
          'A result cannot be compared with itself: pick a column other than the baseline.',
        );
      for (const id of [resultId, baselineResultId])
        if (!(await state.db.results.get(id))) throw new RpcError('not_found', `No question result ${id} to compare.`);
      const subject = { subjectType: 'question_result', subjectId: String(resultId) } as const;
      const current = await state.db.labels.get(subject);
      const tags = withPreferenceTag(current?.tags ?? [], baselineResultId, preference);
      const batchId = randomUUID();
      const [label] = await state.db.labels.apply([subject], { tags }, batchId, state.clock(), reviewerOf(undefined));
      changed([subject]);
      return { label: label ?? null, batchId };
    },
    'labels.submitGroup': async ({ groupKey, ids, filters, onlyUnlabeled, reviewer, ...patch }) => {
      if (!groupKey && !ids && !filters)
        throw new RpcError('bad_input', 'Say what to label: a groupKey, a filtered queue (filters) or ids.');
      let targets: string[];
      if (ids) {
        const labeled = new Set(
          (await state.db.labels.getMany('review_item', ids)).filter((l) => l.verdict !== null).map((l) => l.subjectId),
        );
        targets = onlyUnlabeled ? ids.filter((id) => !labeled.has(id)) : ids;
      } else {
        const query = { ...filters, groupKey, ...(onlyUnlabeled ? { labelState: 'unlabeled' as const } : {}) };
        targets = await state.db.reviewQueue.ids(query, MAX_GROUP + 1);
        if (targets.length > MAX_GROUP)
          throw new RpcError('bad_input', `The selection holds more than ${MAX_GROUP} items; narrow it with filters.`);
      }
      const subjects = targets.map((subjectId) => ({ subjectType: 'review_item' as const, subjectId }));
      const batchId = randomUUID();
      if (subjects.length) {
        await state.db.labels.apply(subjects, patchOf(patch), batchId, state.clock(), reviewerOf(reviewer));
        changed(subjects);
      }
      return { count: subjects.length, batchId };
    },
    'labels.undo': async ({ subjectType, subjectId, reviewer }) => {
      if ((subjectType === undefined) !== (subjectId === undefined))
        throw new RpcError('bad_input', 'Give both subjectType and subjectId, or neither.');
      const subject = subjectType && subjectId ? { subjectType, subjectId } : undefined;
      const lines = reviewer === undefined ? await state.db.labels.takeLineChange(subject) : undefined;
      if (lines) {
        const reverted = await undoLines(lines);
        changed(lines.map((line) => line.subject));
        return { reverted };
      }
      if (subject?.subjectType === 'gold_item') {
        // A reviewer named, or no change of this machine to take back: the reviewer's current label is taken back.
        const took = await undoGold(state, subject, reviewerOf(reviewer));
        if (took) changed([subject]);
        return { reverted: took ? [{ ...subject, label: (await state.db.labels.get(subject)) ?? null }] : [] };
      }
      const restored = await state.db.labels.undo(subject);
      if (restored.length) changed(restored.map((r) => r.subject));
      return { reverted: restored.map((r) => ({ ...r.subject, label: r.label })) };
    },
    'labels.dimensions': async () => {
      const used = await state.db.labels.dimensions();
      return [...STANDARD_DIMENSIONS, ...used.filter((d) => !(STANDARD_DIMENSIONS as readonly string[]).includes(d))];
    },
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
