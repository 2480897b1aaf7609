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
import type { Db } from '../db';

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

const LABEL_COLUMNS =
  'subject_type, subject_id, verdict, dimensions_json, tags_json, notes, reviewer, created_at, updated_at';

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

export class LabelsRepo {
  private readonly one;
  private readonly many;
  private readonly upsert;
  private readonly restore;
  private readonly remove;
  private readonly remember;
  private readonly lastBatch;
  private readonly lastOfSubject;
  private readonly batchRows;
  private readonly forget;
  private readonly dimensionNames;
  private readonly reviewerVerdict;
  private readonly putReviewerVerdict;
  private readonly dropReviewerVerdict;
  private readonly rememberLineChange;

  constructor(private readonly db: Db) {
    this.one = db.prepare<LabelSubject, LabelRow>(
      `SELECT ${LABEL_COLUMNS} FROM labels WHERE subject_type = @subjectType AND subject_id = @subjectId`,
    );
    this.many = db.prepare<{ subjectType: string; ids: string }, LabelRow>(
      `SELECT ${LABEL_COLUMNS} FROM labels WHERE subject_type = @subjectType AND subject_id IN (SELECT value FROM json_each(@ids))`,
    );
    this.upsert = db.prepare(
      `INSERT INTO labels (subject_type, subject_id, verdict, dimensions_json, tags_json, notes, reviewer, created_at, updated_at)
       VALUES (@subjectType, @subjectId, @verdict, @dimensions, @tags, @notes, @reviewer, @now, @now)
       ON CONFLICT (subject_type, subject_id) DO UPDATE SET verdict = excluded.verdict, dimensions_json = excluded.dimensions_json,
         tags_json = excluded.tags_json, notes = excluded.notes, reviewer = excluded.reviewer, updated_at = excluded.updated_at`,
    );
    // Undo puts the old row back exactly, timestamps included.
    this.restore = db.prepare(
      `INSERT OR REPLACE INTO labels (subject_type, subject_id, verdict, dimensions_json, tags_json, notes, reviewer, created_at, updated_at)
       VALUES (@subject_type, @subject_id, @verdict, @dimensions_json, @tags_json, @notes, @reviewer, @created_at, @updated_at)`,
    );
    this.remove = db.prepare<LabelSubject>(
      'DELETE FROM labels WHERE subject_type = @subjectType AND subject_id = @subjectId',
    );
    this.remember = db.prepare(
      `INSERT INTO label_history (batch_id, subject_type, subject_id, previous_json, reviewer, reviewer_previous_json, created_at)
       VALUES (@batchId, @subjectType, @subjectId, @previous, @reviewer, @reviewerPrevious, @now)`,
    );
    this.rememberLineChange = db.prepare(
      `INSERT INTO label_history (batch_id, subject_type, subject_id, previous_json, reviewer, line_id, created_at)
       VALUES (@batchId, @subjectType, @subjectId, NULL, @reviewer, @lineId, @now)`,
    );
    this.lastBatch = db.prepare<[], string>('SELECT batch_id FROM label_history ORDER BY id DESC LIMIT 1').pluck();
    this.lastOfSubject = db.prepare<LabelSubject, HistoryRow>(
      'SELECT * FROM label_history WHERE subject_type = @subjectType AND subject_id = @subjectId ORDER BY id DESC LIMIT 1',
    );
    this.batchRows = db.prepare<{ batchId: string }, HistoryRow>(
      'SELECT * FROM label_history WHERE batch_id = @batchId ORDER BY id DESC',
    );
    this.forget = db.prepare<{ id: number }>('DELETE FROM label_history WHERE id = @id');
    this.dimensionNames = db
      .prepare<[], string>('SELECT DISTINCT j.key FROM labels, json_each(labels.dimensions_json) AS j ORDER BY j.key')
      .pluck();
    this.reviewerVerdict = db.prepare<LabelSubject & { reviewer: string }, ReviewerVerdictRow>(
      `SELECT * FROM reviewer_verdicts WHERE subject_type = @subjectType AND subject_id = @subjectId AND reviewer = @reviewer`,
    );
    this.putReviewerVerdict = db.prepare<ReviewerVerdictRow>(
      `INSERT OR REPLACE INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at)
       VALUES (@subject_type, @subject_id, @reviewer, @verdict, @updated_at)`,
    );
    this.dropReviewerVerdict = db.prepare<LabelSubject & { reviewer: string }>(
      'DELETE FROM reviewer_verdicts WHERE subject_type = @subjectType AND subject_id = @subjectId AND reviewer = @reviewer',
    );
  }

  /** Every dimension name used on any label. */
  dimensions(): string[] {
    return this.dimensionNames.all();
  }

  get(subject: LabelSubject): Label | undefined {
    const row = this.one.get(subject);
    return row ? toLabel(row) : undefined;
  }

  getMany(subjectType: LabelSubjectType, ids: readonly string[]): Label[] {
    return this.many.all({ subjectType, ids: JSON.stringify(ids) }).map(toLabel);
  }

  /**
   * Applies `patch` to each subject's current label in one transaction as `reviewer`, remembering every previous
   * version (and the reviewer's own previous verdict) under `batchId`. A patch that sets a verdict also sets that
   * reviewer's verdict in reviewer_verdicts (cleared with it). A label that ends up empty is deleted. Returns the
   * labels as they are now (null where deleted).
   */
  apply(
    subjects: readonly LabelSubject[],
    patch: LabelPatch,
    batchId: string,
    now: number,
    reviewer = '',
  ): (Label | null)[] {
    return this.db.transaction(() =>
      subjects.map((subject) => {
        const row = this.one.get(subject);
        const next = applyLabelPatch(row ? toLabel(row) : undefined, patch);
        const own = this.reviewerVerdict.get({ ...subject, reviewer });
        this.remember.run({
          batchId,
          ...subject,
          previous: row ? JSON.stringify(row) : null,
          reviewer,
          reviewerPrevious: own ? JSON.stringify(own) : null,
          now,
        });
        if (patch.verdict === null) this.dropReviewerVerdict.run({ ...subject, reviewer });
        else if (patch.verdict !== undefined)
          this.putReviewerVerdict.run({
            subject_type: subject.subjectType,
            subject_id: subject.subjectId,
            reviewer,
            verdict: patch.verdict,
            updated_at: now,
          });
        if (isEmpty(next)) {
          this.remove.run(subject);
          return null;
        }
        this.upsert.run({
          ...subject,
          verdict: next.verdict,
          dimensions: JSON.stringify(next.dimensions),
          tags: JSON.stringify(next.tags),
          notes: next.notes,
          reviewer,
          now,
        });
        return toLabel(this.one.get(subject)!);
      }),
    )();
  }

  /** Remembers that `batchId` appended the label line `lineId` for undo (the line is in a file, not in labels). */
  rememberLine(batchId: string, change: LineChange, now: number): void {
    this.rememberLineChange.run({ batchId, ...change.subject, reviewer: change.reviewer, lineId: change.lineId, now });
  }

  /**
   * When the last change (of `subject`, else the last batch) appended label lines, forgets it and returns its lines for
   * the caller to take back with undo lines; undefined when it was a change of rows (see `undo`) or there is none.
   */
  takeLineChange(subject?: LabelSubject): LineChange[] | undefined {
    return this.db.transaction(() => {
      const rows = this.lastChange(subject);
      if (rows.length === 0 || rows.some((row) => row.line_id === null)) return undefined;
      for (const row of rows) this.forget.run({ id: row.id });
      return rows.map((row) => ({
        subject: { subjectType: row.subject_type, subjectId: row.subject_id },
        reviewer: row.reviewer ?? '',
        lineId: row.line_id!,
      }));
    })();
  }

  private lastChange(subject?: LabelSubject): HistoryRow[] {
    if (subject) {
      const last = this.lastOfSubject.get(subject);
      return last ? [last] : [];
    }
    const batchId = this.lastBatch.get();
    return batchId === undefined ? [] : this.batchRows.all({ batchId });
  }

  /**
   * Reverts the last change: of one subject when given, else the last batch (a whole-group label comes back as one),
   * the changing reviewer's own verdict with it. Returns the subjects touched with their restored labels (null: the subject had no label before).
   */
  undo(subject?: LabelSubject): { subject: LabelSubject; label: Label | null }[] {
    return this.db.transaction(() => {
      const rows = this.lastChange(subject);
      return rows.map((row) => {
        const target = { subjectType: row.subject_type, subjectId: row.subject_id };
        // A label saved before reviewers existed has no reviewer field: it was the unnamed reviewer's.
        if (row.previous_json === null) this.remove.run(target);
        else this.restore.run({ reviewer: '', ...(JSON.parse(row.previous_json) as Partial<LabelRow>) });
        if (row.reviewer !== null) {
          if (row.reviewer_previous_json === null) this.dropReviewerVerdict.run({ ...target, reviewer: row.reviewer });
          else this.putReviewerVerdict.run(JSON.parse(row.reviewer_previous_json) as ReviewerVerdictRow);
        }
        this.forget.run({ id: row.id });
        const restored = this.one.get(target);
        return { subject: target, label: restored ? toLabel(restored) : null };
      });
    })();
  }
}
