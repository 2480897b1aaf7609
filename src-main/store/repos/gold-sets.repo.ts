// The index of the workspace's label files: each judge's gold items, every reviewer's current label, its validations.
import type { DimensionScore, LabelVerdict, WorkspaceIssue } from '../../../src-shared/model';
import type { Db } from '../db';
import type { GoldStratum, ValidationInput } from './judges.repo';

/** A gold item as its file says it (file: its path in the workspace). */
export type IndexedGoldItem = Readonly<{
  id: string;
  graderId: string;
  file: string;
  questionId: string | null;
  questionHash: string;
  question: string;
  response: string;
  runId: string | null;
  judgeProvider: string | null;
  judgeModel: string | null;
  templateVersion: string | null;
  judgeScore: number | null;
  judgeReason: string | null;
  stratum: GoldStratum | null;
  inclusionProbability: number | null;
  createdAt: number;
}>;

/** One reviewer's current label of one item (times in epoch ms: the first and the latest line). */
export type IndexedLabel = Readonly<{
  itemId: string;
  reviewer: string;
  verdict: LabelVerdict | null;
  dimensions: Readonly<Record<string, DimensionScore>>;
  tags: readonly string[];
  notes: string;
  createdAt: number;
  updatedAt: number;
}>;

export type GoldSetFingerprints = Readonly<{ items: string; labels: string }>;

/** The judge's items now: every id (the others are dropped) and the items to write (new or changed ones). */
export type IndexedItems = Readonly<{ ids: readonly string[]; upsert: readonly IndexedGoldItem[] }>;

/** The label lines of a gold set: every reviewer's current label, the latest of each item, the validations. */
export type IndexedLabels = Readonly<{
  byReviewer: readonly IndexedLabel[];
  /** Of each labelled item, the label given last, whoever gave it: what a label of the item reads as. */
  latest: readonly IndexedLabel[];
  validations: readonly (ValidationInput & Readonly<{ lineId: string }>)[];
}>;

const FILE_ITEMS = `SELECT id FROM gold_items WHERE grader_id = @grader AND file IS NOT NULL`;

/** A validation read from a line of validations.jsonl (the values: validationRow). */
export const INSERT_VALIDATION = `INSERT INTO judge_validations (grader_id, judge_provider, judge_model, template_version,
    n_pos, n_neg, tp, tn, fp, fn, tpr, tnr, tpr_ci_json, tnr_ci_json, state, labels_source, design_json, created_at, line_id)
  VALUES (@grader, @provider, @model, @templateVersion, @nPos, @nNeg, @tp, @tn, @fp, @fn,
    @tpr, @tnr, @tprCi, @tnrCi, @state, @source, @design, @createdAt, @lineId)`;

export class GoldSetsRepo {
  private readonly fingerprintOf;
  private readonly putFingerprint;
  private readonly upsertItem;
  private readonly dropMissingItems;
  private readonly dropLabelsOf;
  private readonly dropVerdictsOf;
  private readonly insertLabel;
  private readonly insertVerdict;
  private readonly dropValidationsOf;
  private readonly insertValidation;
  private readonly linkCall;
  private readonly graderRows;
  private readonly dropGrader;
  private readonly issuesOf;
  private readonly fileItemIds;
  private readonly graderOfItem;

  constructor(private readonly db: Db) {
    this.fingerprintOf = db.prepare<{ grader: string }, { items: string; labels: string }>(
      'SELECT items_fingerprint AS items, labels_fingerprint AS labels FROM gold_sets WHERE grader_id = @grader',
    );
    this.putFingerprint = db.prepare(
      `INSERT INTO gold_sets (grader_id, items_fingerprint, labels_fingerprint, issues_json)
       VALUES (@grader, @items, @labels, @issues)
       ON CONFLICT (grader_id) DO UPDATE SET items_fingerprint = excluded.items_fingerprint,
         labels_fingerprint = excluded.labels_fingerprint, issues_json = excluded.issues_json`,
    );
    // judge_call_id is this machine's knowledge (the call it sampled), not the file's: an update keeps it.
    this.upsertItem = db.prepare<IndexedGoldItem>(
      `INSERT INTO gold_items (id, grader_id, file, question_id, question_hash, question_text, response_text, run_id,
         judge_provider, judge_model, template_version, judge_score, judge_reason, stratum, inclusion_probability, created_at)
       VALUES (@id, @graderId, @file, @questionId, @questionHash, @question, @response, @runId,
         @judgeProvider, @judgeModel, @templateVersion, @judgeScore, @judgeReason, @stratum, @inclusionProbability, @createdAt)
       ON CONFLICT (id) DO UPDATE SET grader_id = excluded.grader_id, file = excluded.file,
         question_id = excluded.question_id, question_hash = excluded.question_hash, question_text = excluded.question_text,
         response_text = excluded.response_text, run_id = excluded.run_id, judge_provider = excluded.judge_provider,
         judge_model = excluded.judge_model, template_version = excluded.template_version,
         judge_score = excluded.judge_score, judge_reason = excluded.judge_reason, stratum = excluded.stratum,
         inclusion_probability = excluded.inclusion_probability, created_at = excluded.created_at, human_label = NULL`,
    );
    this.dropMissingItems = db.prepare<{ grader: string; ids: string }>(
      `DELETE FROM gold_items WHERE grader_id = @grader AND file IS NOT NULL AND id NOT IN (SELECT value FROM json_each(@ids))`,
    );
    this.dropLabelsOf = db.prepare<{ grader: string }>(
      `DELETE FROM labels WHERE subject_type = 'gold_item' AND subject_id IN (${FILE_ITEMS})`,
    );
    this.dropVerdictsOf = db.prepare<{ grader: string }>(
      `DELETE FROM reviewer_verdicts WHERE subject_type = 'gold_item' AND subject_id IN (${FILE_ITEMS})`,
    );
    this.insertLabel = db.prepare(
      `INSERT INTO labels (subject_type, subject_id, verdict, dimensions_json, tags_json, notes, reviewer, created_at, updated_at)
       VALUES ('gold_item', @itemId, @verdict, @dimensions, @tags, @notes, @reviewer, @createdAt, @updatedAt)`,
    );
    this.insertVerdict = db.prepare(
      `INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at)
       VALUES ('gold_item', @itemId, @reviewer, @verdict, @updatedAt)`,
    );
    this.dropValidationsOf = db.prepare<{ grader: string }>(
      'DELETE FROM judge_validations WHERE grader_id = @grader AND line_id IS NOT NULL',
    );
    this.insertValidation = db.prepare(INSERT_VALIDATION);
    this.linkCall = db.prepare<{ id: string; callId: number }>(
      'UPDATE gold_items SET judge_call_id = @callId WHERE id = @id AND judge_call_id IS NULL',
    );
    this.graderRows = db.prepare<[], string>('SELECT grader_id FROM gold_sets ORDER BY grader_id').pluck();
    this.dropGrader = db.prepare<{ grader: string }>('DELETE FROM gold_sets WHERE grader_id = @grader');
    this.graderOfItem = db
      .prepare<{ id: string }, string>('SELECT grader_id FROM gold_items WHERE id = @id AND file IS NOT NULL')
      .pluck();
    this.fileItemIds = db.prepare<{ grader: string }, string>(`${FILE_ITEMS} ORDER BY id`).pluck();
    this.issuesOf = db.prepare<[], { grader: string; issues: string }>(
      `SELECT grader_id AS grader, issues_json AS issues FROM gold_sets WHERE issues_json <> '[]' ORDER BY grader_id`,
    );
  }

  /** What the index last read of the judge's folder; undefined before its first read. */
  fingerprint(grader: string): GoldSetFingerprints | undefined {
    return this.fingerprintOf.get({ grader });
  }

  /** The judge whose gold set holds the item (read from its file); undefined when none does. */
  graderOf(id: string): string | undefined {
    return this.graderOfItem.get({ id });
  }

  /** The ids of the judge's items read from files. */
  itemIds(grader: string): string[] {
    return this.fileItemIds.all({ grader });
  }

  /** The judges whose folders the index has read. */
  indexedGraders(): string[] {
    return this.graderRows.all();
  }

  /** Each judge's problems in its label files (file, line, column), for the judges screen and the CLI. */
  issues(): Readonly<{ grader: string; issues: WorkspaceIssue[] }>[] {
    return this.issuesOf
      .all()
      .map((row) => ({ grader: row.grader, issues: JSON.parse(row.issues) as WorkspaceIssue[] }));
  }

  /**
   * Replaces what the index holds of one judge's folder in one transaction: its items when given (the items not in
   * `ids` are dropped, `upsert` written; else they are as read before), then every label and validation. A reader
   * never sees half a folder.
   */
  index(
    grader: string,
    read: Readonly<{ items?: IndexedItems; labels: IndexedLabels }>,
    fingerprints: GoldSetFingerprints,
    issues: readonly WorkspaceIssue[],
  ): void {
    this.db.transaction(() => {
      this.dropLabelsOf.run({ grader });
      this.dropVerdictsOf.run({ grader });
      if (read.items) {
        this.dropMissingItems.run({ grader, ids: JSON.stringify(read.items.ids) });
        for (const item of read.items.upsert) this.upsertItem.run(item);
      }
      for (const label of read.labels.latest) this.insertLabel.run(labelRow(label));
      for (const label of read.labels.byReviewer) if (label.verdict !== null) this.insertVerdict.run(labelRow(label));
      this.dropValidationsOf.run({ grader });
      for (const v of read.labels.validations) this.insertValidation.run(validationRow(v));
      this.putFingerprint.run({
        grader,
        items: fingerprints.items,
        labels: fingerprints.labels,
        issues: JSON.stringify(issues),
      });
    })();
  }

  /** Forgets a judge whose folder is gone: its items, labels and validations from files. */
  forget(grader: string): void {
    this.db.transaction(() => {
      const labels = { byReviewer: [], latest: [], validations: [] };
      this.index(grader, { items: { ids: [], upsert: [] }, labels }, EMPTY, []);
      this.dropGrader.run({ grader });
    })();
  }

  /** Remembers which of this machine's judge calls an item was sampled from (to show what the judge saw). */
  linkJudgeCalls(links: readonly Readonly<{ id: string; callId: number }>[]): void {
    this.db.transaction(() => links.forEach((link) => this.linkCall.run(link)))();
  }
}

const EMPTY: GoldSetFingerprints = { items: '', labels: '' };

const labelRow = (label: IndexedLabel) => ({
  itemId: label.itemId,
  reviewer: label.reviewer,
  verdict: label.verdict,
  dimensions: JSON.stringify(label.dimensions),
  tags: JSON.stringify(label.tags),
  notes: label.notes,
  createdAt: label.createdAt,
  updatedAt: label.updatedAt,
});

/** The values of INSERT_VALIDATION; a template version of null is stored as ''. */
export const validationRow = ({
  report,
  judge,
  labelsSource,
  createdAt,
  lineId,
  cells,
}: IndexedLabels['validations'][number]) => ({
  grader: report.grader,
  provider: judge.provider,
  model: judge.model,
  templateVersion: judge.template_version ?? '',
  nPos: report.n_pos,
  nNeg: report.n_neg,
  tp: report.tp,
  tn: report.tn,
  fp: report.fp,
  fn: report.fn,
  tpr: report.tpr,
  tnr: report.tnr,
  tprCi: report.tpr_ci ? JSON.stringify(report.tpr_ci) : null,
  tnrCi: report.tnr_ci ? JSON.stringify(report.tnr_ci) : null,
  state: report.state,
  source: labelsSource,
  design: cells ? JSON.stringify(cells) : null,
  createdAt,
  lineId,
});
