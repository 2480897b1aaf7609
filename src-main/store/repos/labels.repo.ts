// Human labels on any subject, with a history of previous versions so the last change can be undone.
import {
  applyLabelPatch,
  type DimensionScore,
  type Label,
  type LabelContent,
  type LabelPatch,
  type LabelSubject,
  type LabelSubjectType,
  type LabelVerdict,
} from '../../../src-shared/model';
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import { fromExcluded, type Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

type LabelRow = {
  subject_type: LabelSubjectType;
  subject_id: string;
  verdict: LabelVerdict | null;
  dimensions_json: string;
  tags_json: string;
  notes: string;
  reviewer: string;
  created_at: number;
  updated_at: number;
};
type HistoryRow = {
  id: number;
  batch_id: string;
  subject_type: LabelSubjectType;
  subject_id: string;
  previous_json: string | null;
  reviewer: string | null;
  reviewer_previous_json: string | null;
  line_id: string | null;
};

/** A change that appended a label line to a file (a gold item's label): undone by an undo line, not by a row. */
export type LineChange = Readonly<{ subject: LabelSubject; reviewer: string; lineId: string }>;
type ReviewerVerdictRow = {
  subject_type: LabelSubjectType;
  subject_id: string;
  reviewer: string;
  verdict: LabelVerdict;
  updated_at: number;
};

const LABEL_COLUMNS = [
  'subject_type',
  'subject_id',
  'verdict',
  'dimensions_json',
  'tags_json',
  'notes',
  'reviewer',
  'created_at',
  'updated_at',
] as const;

/** What a label says and when it last changed: what saving it over another replaces. */
const CONTENT_COLUMNS = ['verdict', 'dimensions_json', 'tags_json', 'notes', 'reviewer', 'updated_at'] as const;

const toLabel = (r: LabelRow): Label => ({
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  verdict: r.verdict,
  dimensions: JSON.parse(r.dimensions_json) as Record<string, DimensionScore>,
  tags: JSON.parse(r.tags_json) as string[],
  notes: r.notes,
  reviewer: r.reviewer,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const isEmpty = (c: LabelContent) =>
  c.verdict === null && Object.keys(c.dimensions).length === 0 && c.tags.length === 0 && c.notes === '';

type Subject = { subjectType: LabelSubjectType; subjectId: string };
type LabelArgs = Subject & {
  verdict: LabelVerdict | null;
  dimensions: string;
  tags: string;
  notes: string;
  reviewer: string;
  now: number;
};

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  const ofSubject = (a: Subject) =>
    db
      .selectFrom('labels')
      .select(LABEL_COLUMNS)
      .where('subject_type', '=', a.subjectType)
      .where('subject_id', '=', a.subjectId);
  const ofReviewer = (a: Subject & { reviewer: string }) =>
    db
      .selectFrom('reviewer_verdicts')
      .selectAll()
      .where('subject_type', '=', a.subjectType)
      .where('subject_id', '=', a.subjectId)
      .where('reviewer', '=', a.reviewer);
  return {
    one: q.prepare(ofSubject),
    many: q.prepare((a: { subjectType: LabelSubjectType; ids: string }) =>
      db
        .selectFrom('labels')
        .select(LABEL_COLUMNS)
        .where('subject_type', '=', a.subjectType)
        .where('subject_id', 'in', d.jsonValues(sql.val(a.ids), 'text')),
    ),
    upsert: q.prepare((a: LabelArgs) =>
      db
        .insertInto('labels')
        .values({
          subject_type: a.subjectType,
          subject_id: a.subjectId,
          verdict: a.verdict,
          dimensions_json: a.dimensions,
          tags_json: a.tags,
          notes: a.notes,
          reviewer: a.reviewer,
          created_at: a.now,
          updated_at: a.now,
        })
        .onConflict((oc) => oc.columns(['subject_type', 'subject_id']).doUpdateSet(fromExcluded(CONTENT_COLUMNS))),
    ),
    // Undo puts the old row back exactly, timestamps included.
    restore: q.prepare((a: LabelRow) =>
      db
        .insertInto('labels')
        .values({
          subject_type: a.subject_type,
          subject_id: a.subject_id,
          verdict: a.verdict,
          dimensions_json: a.dimensions_json,
          tags_json: a.tags_json,
          notes: a.notes,
          reviewer: a.reviewer,
          created_at: a.created_at,
          updated_at: a.updated_at,
        })
        .onConflict((oc) =>
          oc
            .columns(['subject_type', 'subject_id'])
            .doUpdateSet(fromExcluded([...CONTENT_COLUMNS, 'created_at'] as const)),
        ),
    ),
    remove: q.prepare((a: Subject) =>
      db.deleteFrom('labels').where('subject_type', '=', a.subjectType).where('subject_id', '=', a.subjectId),
    ),
    remember: q.prepare(
      (
        a: Subject & {
          batchId: string;
          previous: string | null;
          reviewer: string;
          reviewerPrevious: string | null;
          now: number;
        },
      ) =>
        db.insertInto('label_history').values({
          batch_id: a.batchId,
          subject_type: a.subjectType,
          subject_id: a.subjectId,
          previous_json: a.previous,
          reviewer: a.reviewer,
          reviewer_previous_json: a.reviewerPrevious,
          created_at: a.now,
        }),
    ),
    rememberLineChange: q.prepare((a: Subject & { batchId: string; reviewer: string; lineId: string; now: number }) =>
      db.insertInto('label_history').values({
        batch_id: a.batchId,
        subject_type: a.subjectType,
        subject_id: a.subjectId,
        previous_json: null,
        reviewer: a.reviewer,
        line_id: a.lineId,
        created_at: a.now,
      }),
    ),
    lastBatch: q.prepare(() => db.selectFrom('label_history').select('batch_id').orderBy('id', 'desc').limit(1)),
    lastOfSubject: q.prepare((a: Subject) =>
      db
        .selectFrom('label_history')
        .selectAll()
        .where('subject_type', '=', a.subjectType)
        .where('subject_id', '=', a.subjectId)
        .orderBy('id', 'desc')
        .limit(1),
    ),
    batchRows: q.prepare((a: { batchId: string }) =>
      db.selectFrom('label_history').selectAll().where('batch_id', '=', a.batchId).orderBy('id', 'desc'),
    ),
    forget: q.prepare((a: { id: number }) => db.deleteFrom('label_history').where('id', '=', a.id)),
    dimensionNames: q.prepare(
      () => sql<{
        key: string;
      }>`SELECT DISTINCT j.key FROM labels CROSS JOIN ${d.jsonKeys(sql.ref('labels.dimensions_json'), 'j')}
        ORDER BY j.key`,
    ),
    reviewerVerdict: q.prepare(ofReviewer),
    putReviewerVerdict: q.prepare((a: ReviewerVerdictRow) =>
      db
        .insertInto('reviewer_verdicts')
        .values({
          subject_type: a.subject_type,
          subject_id: a.subject_id,
          reviewer: a.reviewer,
          verdict: a.verdict,
          updated_at: a.updated_at,
        })
        .onConflict((oc) =>
          oc.columns(['subject_type', 'subject_id', 'reviewer']).doUpdateSet(fromExcluded(['verdict', 'updated_at'])),
        ),
    ),
    dropReviewerVerdict: q.prepare((a: Subject & { reviewer: string }) =>
      db
        .deleteFrom('reviewer_verdicts')
        .where('subject_type', '=', a.subjectType)
        .where('subject_id', '=', a.subjectId)
        .where('reviewer', '=', a.reviewer),
    ),
  };
}

export class LabelsRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** Every dimension name used on any label. */
  *dimensions(): Q<string[]> {
    return (yield* this.statements.dimensionNames.all({})).map((row) => row.key);
  }

  *get(subject: LabelSubject): Q<Label | undefined> {
    const row = yield* this.statements.one.first(subject);
    return row ? toLabel(row) : undefined;
  }

  *getMany(subjectType: LabelSubjectType, ids: readonly string[]): Q<Label[]> {
    return (yield* this.statements.many.all({ subjectType, ids: JSON.stringify(ids) })).map(toLabel);
  }

  /**
   * Applies `patch` to each subject's current label in one transaction as `reviewer`, remembering every previous
   * version (and the reviewer's own previous verdict) under `batchId`. A patch that sets a verdict also sets that
   * reviewer's verdict in reviewer_verdicts (cleared with it). A label that ends up empty is deleted. Returns the
   * labels as they are now (null where deleted). It reads what it then writes, so two reviewers labelling the same
   * subject at once are serialised (the team store runs it again when a concurrent label came first).
   */
  apply(
    subjects: readonly LabelSubject[],
    patch: LabelPatch,
    batchId: string,
    now: number,
    reviewer = '',
  ): Q<(Label | null)[]> {
    return transaction(() => this.applyAll(subjects, patch, batchId, now, reviewer), { serializable: true });
  }

  private *applyAll(
    subjects: readonly LabelSubject[],
    patch: LabelPatch,
    batchId: string,
    now: number,
    reviewer: string,
  ): Q<(Label | null)[]> {
    const labels: (Label | null)[] = [];
    for (const subject of subjects) {
      const row = yield* this.statements.one.first(subject);
      const next = applyLabelPatch(row ? toLabel(row) : undefined, patch);
      const own = yield* this.statements.reviewerVerdict.first({ ...subject, reviewer });
      yield* this.statements.remember.run({
        batchId,
        ...subject,
        previous: row ? JSON.stringify(row) : null,
        reviewer,
        reviewerPrevious: own ? JSON.stringify(own) : null,
        now,
      });
      if (patch.verdict === null) yield* this.statements.dropReviewerVerdict.run({ ...subject, reviewer });
      else if (patch.verdict !== undefined)
        yield* this.statements.putReviewerVerdict.run({
          subject_type: subject.subjectType,
          subject_id: subject.subjectId,
          reviewer,
          verdict: patch.verdict,
          updated_at: now,
        });
      if (isEmpty(next)) {
        yield* this.statements.remove.run(subject);
        labels.push(null);
        continue;
      }
      yield* this.statements.upsert.run({
        ...subject,
        verdict: next.verdict,
        dimensions: JSON.stringify(next.dimensions),
        tags: JSON.stringify(next.tags),
        notes: next.notes,
        reviewer,
        now,
      });
      labels.push(toLabel((yield* this.statements.one.first(subject))!));
    }
    return labels;
  }

  /** Remembers that `batchId` appended the label line `lineId` for undo (the line is in a file, not in labels). */
  *rememberLine(batchId: string, change: LineChange, now: number): Q<void> {
    yield* this.statements.rememberLineChange.run({
      batchId,
      ...change.subject,
      reviewer: change.reviewer,
      lineId: change.lineId,
      now,
    });
  }

  /**
   * When the last change (of `subject`, else the last batch) appended label lines, forgets it and returns its lines for
   * the caller to take back with undo lines; undefined when it was a change of rows (see `undo`) or there is none.
   */
  takeLineChange(subject?: LabelSubject): Q<LineChange[] | undefined> {
    return transaction(() => this.takeLines(subject), { serializable: true });
  }

  private *takeLines(subject?: LabelSubject): Q<LineChange[] | undefined> {
    const rows = yield* this.lastChange(subject);
    if (rows.length === 0 || rows.some((row) => row.line_id === null)) return undefined;
    for (const row of rows) yield* this.statements.forget.run({ id: row.id });
    return rows.map((row) => ({
      subject: { subjectType: row.subject_type, subjectId: row.subject_id },
      reviewer: row.reviewer ?? '',
      lineId: row.line_id!,
    }));
  }

  private *lastChange(subject?: LabelSubject): Q<HistoryRow[]> {
    if (subject) {
      const last = yield* this.statements.lastOfSubject.first(subject);
      return last ? [last] : [];
    }
    const batch = yield* this.statements.lastBatch.first({});
    return batch === undefined ? [] : yield* this.statements.batchRows.all({ batchId: batch.batch_id });
  }

  /**
   * Reverts the last change: of one subject when given, else the last batch (a whole-group label comes back as one),
   * the changing reviewer's own verdict with it. Returns the subjects touched with their restored labels (null: the subject had no label before).
   */
  undo(subject?: LabelSubject): Q<{ subject: LabelSubject; label: Label | null }[]> {
    return transaction(() => this.undoLast(subject), { serializable: true });
  }

  private *undoLast(subject?: LabelSubject): Q<{ subject: LabelSubject; label: Label | null }[]> {
    const rows = yield* this.lastChange(subject);
    const restored: { subject: LabelSubject; label: Label | null }[] = [];
    for (const row of rows) {
      const target = { subjectType: row.subject_type, subjectId: row.subject_id };
      // A label saved before reviewers existed has no reviewer field: it was the unnamed reviewer's.
      if (row.previous_json === null) yield* this.statements.remove.run(target);
      else
        yield* this.statements.restore.run({
          reviewer: '',
          ...(JSON.parse(row.previous_json) as Partial<LabelRow>),
        } as LabelRow);
      if (row.reviewer !== null) {
        if (row.reviewer_previous_json === null)
          yield* this.statements.dropReviewerVerdict.run({ ...target, reviewer: row.reviewer });
        else
          yield* this.statements.putReviewerVerdict.run(JSON.parse(row.reviewer_previous_json) as ReviewerVerdictRow);
      }
      yield* this.statements.forget.run({ id: row.id });
      const now = yield* this.statements.one.first(target);
      restored.push({ subject: target, label: now ? toLabel(now) : null });
    }
    return restored;
  }
}
