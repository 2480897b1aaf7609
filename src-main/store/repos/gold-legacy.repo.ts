// Gold items, labels and validations a store holds from before the label files, read once to write them out, then dropped.
import type { LabelVerdict } from '../../../src-shared/model';
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

/** A gold item only the store has, with what its judge call (if still stored) tells of it. */
export type LegacyGoldItem = Readonly<{
  id: string;
  graderId: string;
  question: string;
  response: string;
  judgeScore: number | null;
  judgeReason: string | null;
  createdAt: number;
  judgeCallId: number | null;
  provider: string | null;
  model: string | null;
  templateVersion: string | null;
  runId: string | null;
  questionId: string | null;
}>;

/** A label row of such an item: the shared label (labels) or one reviewer's verdict (reviewer_verdicts). */
export type LegacyLabel = Readonly<{
  itemId: string;
  reviewer: string;
  verdict: LabelVerdict | null;
  dimensionsJson: string;
  tagsJson: string;
  notes: string;
  updatedAt: number;
  /** shared: the labels row (with dimensions, tags and notes); own: a reviewer_verdicts row (the verdict alone). */
  kind: 'shared' | 'own';
}>;

/** A validation stored before validations were lines of labels/<grader>/validations.jsonl. */
export type LegacyValidation = Readonly<{
  id: number;
  graderId: string;
  provider: string;
  model: string;
  templateVersion: string;
  tp: number;
  tn: number;
  fp: number;
  fn: number;
  state: 'trusted' | 'failing' | 'insufficient';
  labelsSource: string;
  createdAt: number;
}>;

const LEGACY_ITEMS = sql`SELECT id FROM gold_items WHERE file IS NULL`;

function prepareStatements(q: Queries) {
  return {
    items: q.prepare(
      () => sql<LegacyGoldItem>`
      SELECT g.id, g.grader_id AS "graderId", g.question_text AS question, g.response_text AS response,
             g.judge_score AS "judgeScore", g.judge_reason AS "judgeReason",
             g.created_at AS "createdAt", g.judge_call_id AS "judgeCallId", jc.provider, jc.model,
             jc.template_version AS "templateVersion", jc.run_id AS "runId", jc.question_id AS "questionId"
      FROM gold_items g LEFT JOIN judge_calls jc ON jc.id = g.judge_call_id
      WHERE g.file IS NULL ORDER BY g.grader_id, g.created_at, g.id`,
    ),
    labels: q.prepare(
      () => sql<LegacyLabel>`
      SELECT subject_id AS "itemId", reviewer, verdict, dimensions_json AS "dimensionsJson", tags_json AS "tagsJson",
             notes, updated_at AS "updatedAt", 'shared' AS kind
      FROM labels WHERE subject_type = 'gold_item' AND subject_id IN (${LEGACY_ITEMS})
      UNION ALL
      SELECT subject_id, reviewer, verdict, '{}', '[]', '', updated_at, 'own'
      FROM reviewer_verdicts WHERE subject_type = 'gold_item' AND subject_id IN (${LEGACY_ITEMS})
      ORDER BY "itemId", "updatedAt", kind`,
    ),
    validations: q.prepare(
      () => sql<LegacyValidation>`
      SELECT id, grader_id AS "graderId", judge_provider AS provider, judge_model AS model,
             template_version AS "templateVersion", tp, tn, fp, fn, state, labels_source AS "labelsSource",
             created_at AS "createdAt"
      FROM judge_validations WHERE line_id IS NULL ORDER BY created_at, id`,
    ),
    anyLeft: q.prepare(
      () => sql<{ left: number }>`SELECT CASE WHEN EXISTS (${LEGACY_ITEMS})
        OR EXISTS (SELECT 1 FROM judge_validations WHERE line_id IS NULL) THEN 1 ELSE 0 END AS "left"`,
    ),
    dropStatements: [
      sql`DELETE FROM labels WHERE subject_type = 'gold_item' AND subject_id IN (${LEGACY_ITEMS})`,
      sql`DELETE FROM reviewer_verdicts WHERE subject_type = 'gold_item' AND subject_id IN (${LEGACY_ITEMS})`,
      sql`DELETE FROM label_history WHERE subject_type = 'gold_item' AND subject_id IN (${LEGACY_ITEMS})`,
      sql`DELETE FROM gold_items WHERE file IS NULL`,
      sql`DELETE FROM judge_validations WHERE line_id IS NULL`,
    ].map((statement) => q.prepare(() => statement)),
  };
}

export class GoldLegacyRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** Whether anything is left to write out (a cheap check made at every open). */
  *pending(): Q<boolean> {
    return (yield* this.statements.anyLeft.first({}))?.left === 1;
  }

  goldItems(): Q<LegacyGoldItem[]> {
    return this.statements.items.all({});
  }

  labelRows(): Q<LegacyLabel[]> {
    return this.statements.labels.all({});
  }

  validationRows(): Q<LegacyValidation[]> {
    return this.statements.validations.all({});
  }

  /** Drops every legacy row in one transaction: called only once all of them are in files. */
  drop(): Q<void> {
    return transaction(() => this.dropAll());
  }

  private *dropAll(): Q<void> {
    for (const statement of this.statements.dropStatements) yield* statement.run({});
  }
}
