// The index of the workspace's label files: each judge's gold items, every reviewer's current label, its validations.
import type { DimensionScore, LabelVerdict, SampleStratum, WorkspaceIssue } from '../../../src-shared/model';
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import { fromExcluded, type Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';
import type { ValidationInput } from './judges.repo';

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
  stratum: SampleStratum | null;
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

type LabelArgs = ReturnType<typeof labelRow>;

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  const fileItems = (grader: string) =>
    db.selectFrom('gold_items').select('id').where('grader_id', '=', grader).where('file', 'is not', null);
  return {
    fingerprintOf: q.prepare((a: { grader: string }) =>
      db
        .selectFrom('gold_sets')
        .select(['items_fingerprint as items', 'labels_fingerprint as labels'])
        .where('grader_id', '=', a.grader),
    ),
    putFingerprint: q.prepare((a: { grader: string; items: string; labels: string; issues: string }) =>
      db
        .insertInto('gold_sets')
        .values({
          grader_id: a.grader,
          items_fingerprint: a.items,
          labels_fingerprint: a.labels,
          issues_json: a.issues,
        })
        .onConflict((oc) =>
          oc.column('grader_id').doUpdateSet(fromExcluded(['items_fingerprint', 'labels_fingerprint', 'issues_json'])),
        ),
    ),
    // judge_call_id is this machine's knowledge (the call it sampled), not the file's: an update keeps it.
    upsertItem: q.prepare((a: IndexedGoldItem) =>
      db
        .insertInto('gold_items')
        .values({
          id: a.id,
          grader_id: a.graderId,
          file: a.file,
          question_id: a.questionId,
          question_hash: a.questionHash,
          question_text: a.question,
          response_text: a.response,
          run_id: a.runId,
          judge_provider: a.judgeProvider,
          judge_model: a.judgeModel,
          template_version: a.templateVersion,
          judge_score: a.judgeScore,
          judge_reason: a.judgeReason,
          stratum: a.stratum,
          inclusion_probability: a.inclusionProbability,
          created_at: a.createdAt,
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            ...fromExcluded([
              'grader_id',
              'file',
              'question_id',
              'question_hash',
              'question_text',
              'response_text',
              'run_id',
              'judge_provider',
              'judge_model',
              'template_version',
              'judge_score',
              'judge_reason',
              'stratum',
              'inclusion_probability',
              'created_at',
            ]),
          }),
        ),
    ),
    dropMissingItems: q.prepare((a: { grader: string; ids: string }) =>
      db
        .deleteFrom('gold_items')
        .where('grader_id', '=', a.grader)
        .where('file', 'is not', null)
        .where('id', 'not in', d.jsonValues(sql.val(a.ids), 'text')),
    ),
    dropLabelsOf: q.prepare((a: { grader: string }) =>
      db.deleteFrom('labels').where('subject_type', '=', 'gold_item').where('subject_id', 'in', fileItems(a.grader)),
    ),
    dropVerdictsOf: q.prepare((a: { grader: string }) =>
      db
        .deleteFrom('reviewer_verdicts')
        .where('subject_type', '=', 'gold_item')
        .where('subject_id', 'in', fileItems(a.grader)),
    ),
    insertLabel: q.prepare((a: LabelArgs) =>
      db.insertInto('labels').values({
        subject_type: 'gold_item',
        subject_id: a.itemId,
        verdict: a.verdict,
        dimensions_json: a.dimensions,
        tags_json: a.tags,
        notes: a.notes,
        reviewer: a.reviewer,
        created_at: a.createdAt,
        updated_at: a.updatedAt,
      }),
    ),
    insertVerdict: q.prepare((a: LabelArgs & { verdict: LabelVerdict }) =>
      db.insertInto('reviewer_verdicts').values({
        subject_type: 'gold_item',
        subject_id: a.itemId,
        reviewer: a.reviewer,
        verdict: a.verdict,
        updated_at: a.updatedAt,
      }),
    ),
    dropValidationsOf: q.prepare((a: { grader: string }) =>
      db.deleteFrom('judge_validations').where('grader_id', '=', a.grader).where('line_id', 'is not', null),
    ),
    insertValidation: insertValidation(q),
    linkCall: q.prepare((a: { id: string; callId: number }) =>
      db
        .updateTable('gold_items')
        .set({ judge_call_id: a.callId })
        .where('id', '=', a.id)
        .where('judge_call_id', 'is', null),
    ),
    graderRows: q.prepare(() => db.selectFrom('gold_sets').select('grader_id').orderBy('grader_id')),
    dropGrader: q.prepare((a: { grader: string }) => db.deleteFrom('gold_sets').where('grader_id', '=', a.grader)),
    graderOfItem: q.prepare((a: { id: string }) =>
      db.selectFrom('gold_items').select('grader_id').where('id', '=', a.id).where('file', 'is not', null),
    ),
    fileItemIds: q.prepare((a: { grader: string }) => fileItems(a.grader).orderBy('id')),
    issuesOf: q.prepare(() =>
      db
        .selectFrom('gold_sets')
        .select(['grader_id as grader', 'issues_json as issues'])
        .where('issues_json', '<>', '[]')
        .orderBy('grader_id'),
    ),
  };
}

export class GoldSetsRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** What the index last read of the judge's folder; undefined before its first read. */
  fingerprint(grader: string): Q<GoldSetFingerprints | undefined> {
    return this.statements.fingerprintOf.first({ grader });
  }

  /** The judge whose gold set holds the item (read from its file); undefined when none does. */
  *graderOf(id: string): Q<string | undefined> {
    return (yield* this.statements.graderOfItem.first({ id }))?.grader_id;
  }

  /** The ids of the judge's items read from files. */
  itemIds(grader: string): Q<string[]> {
    return this.statements.fileItemIds.column<string>({ grader });
  }

  /** The judges whose folders the index has read. */
  indexedGraders(): Q<string[]> {
    return this.statements.graderRows.column<string>({});
  }

  /** Each judge's problems in its label files (file, line, column), for the judges screen and the CLI. */
  *issues(): Q<Readonly<{ grader: string; issues: WorkspaceIssue[] }>[]> {
    return (yield* this.statements.issuesOf.all({})).map((row) => ({
      grader: row.grader,
      issues: JSON.parse(row.issues) as WorkspaceIssue[],
    }));
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
  ): Q<void> {
    return transaction(() => this.write(grader, read, fingerprints, issues));
  }

  private *write(
    grader: string,
    read: Readonly<{ items?: IndexedItems; labels: IndexedLabels }>,
    fingerprints: GoldSetFingerprints,
    issues: readonly WorkspaceIssue[],
  ): Q<void> {
    yield* this.statements.dropLabelsOf.run({ grader });
    yield* this.statements.dropVerdictsOf.run({ grader });
    if (read.items) {
      yield* this.statements.dropMissingItems.run({ grader, ids: JSON.stringify(read.items.ids) });
      for (const item of read.items.upsert) yield* this.statements.upsertItem.run(item);
    }
    for (const label of read.labels.latest) yield* this.statements.insertLabel.run(labelRow(label));
    for (const label of read.labels.byReviewer)
      if (label.verdict !== null)
        yield* this.statements.insertVerdict.run({ ...labelRow(label), verdict: label.verdict });
    yield* this.statements.dropValidationsOf.run({ grader });
    for (const v of read.labels.validations) yield* this.statements.insertValidation.run(validationRow(v));
    yield* this.statements.putFingerprint.run({
      grader,
      items: fingerprints.items,
      labels: fingerprints.labels,
      issues: JSON.stringify(issues),
    });
  }

  /** Forgets a judge whose folder is gone: its items, labels and validations from files. */
  forget(grader: string): Q<void> {
    return transaction(() => this.drop(grader));
  }

  private *drop(grader: string): Q<void> {
    const labels = { byReviewer: [], latest: [], validations: [] };
    yield* this.write(grader, { items: { ids: [], upsert: [] }, labels }, EMPTY, []);
    yield* this.statements.dropGrader.run({ grader });
  }

  /** Remembers which of this machine's judge calls an item was sampled from (to show what the judge saw). */
  linkJudgeCalls(links: readonly Readonly<{ id: string; callId: number }>[]): Q<void> {
    return transaction(() => this.link(links));
  }

  private *link(links: readonly Readonly<{ id: string; callId: number }>[]): Q<void> {
    for (const link of links) yield* this.statements.linkCall.run(link);
  }
}

/** A validation read from a line of validations.jsonl (the values: validationRow). */
export const insertValidation = (q: Queries) =>
  q.prepare((a: ReturnType<typeof validationRow>) =>
    q.db.insertInto('judge_validations').values({
      grader_id: a.grader,
      judge_provider: a.provider,
      judge_model: a.model,
      template_version: a.templateVersion,
      n_pos: a.nPos,
      n_neg: a.nNeg,
      tp: a.tp,
      tn: a.tn,
      fp: a.fp,
      fn: a.fn,
      tpr: a.tpr,
      tnr: a.tnr,
      tpr_ci_json: a.tprCi,
      tnr_ci_json: a.tnrCi,
      state: a.state as 'trusted' | 'failing' | 'insufficient',
      labels_source: a.source,
      design_json: a.design,
      created_at: a.createdAt,
      line_id: a.lineId,
    }),
  );

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
