// Each named reviewer's own pass/fail verdicts, grouped by judge (gold items) and by label tag, for agreement.
import type { LabelSubjectType } from '../../../src-shared/model';
import { sql } from 'kysely';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

/** One reviewer's verdict on one subject, in a group: the judge of a gold item, or a tag of the subject's label. */
export type GroupedVerdict = Readonly<{
  group: string;
  subjectType: LabelSubjectType;
  subjectId: string;
  reviewer: string;
  verdict: 'pass' | 'fail';
}>;

// Only named reviewers count: the unnamed '' holds labels from before names existed, whoever gave them.
// A defer is no verdict to agree or disagree with.
const RATED = `v.reviewer <> '' AND v.verdict IN ('pass', 'fail')`;
const COLUMNS = 'v.subject_type AS "subjectType", v.subject_id AS "subjectId", v.reviewer, v.verdict';

function prepareStatements(q: Queries) {
  const d = q.dialect;
  return {
    byGrader: q.prepare(
      () => sql<GroupedVerdict>`
      SELECT g.grader_id AS "group", ${sql.raw(COLUMNS)}
      FROM reviewer_verdicts v JOIN gold_items g ON v.subject_type = 'gold_item' AND v.subject_id = g.id
      WHERE ${sql.raw(RATED)} ORDER BY g.grader_id, v.subject_id, v.reviewer`,
    ),
    byTag: q.prepare(
      () => sql<GroupedVerdict>`
      SELECT t.value AS "group", ${sql.raw(COLUMNS)}
      FROM reviewer_verdicts v
      JOIN labels l ON l.subject_type = v.subject_type AND l.subject_id = v.subject_id
      CROSS JOIN ${d.jsonElements(sql.ref('l.tags_json'), 't')}
      WHERE ${sql.raw(RATED)} ORDER BY t.value, v.subject_type, v.subject_id, v.reviewer`,
    ),
  };
}

export class ReviewerVerdictsRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** Verdicts on gold items, grouped by the item's grader. */
  byJudge(): Q<GroupedVerdict[]> {
    return this.statements.byGrader.all({});
  }

  /** Verdicts on any labelled subject, once for each tag of its label. */
  byLabelTag(): Q<GroupedVerdict[]> {
    return this.statements.byTag.all({});
  }
}
