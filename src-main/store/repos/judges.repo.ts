// Judge validation data: reads stored judge calls, keeps gold items and the validations of each judge.
import type {
  HumanLabel,
  JudgeCall,
  JudgeIdentity,
  JudgeValidationReport,
  ToolCallRecord,
} from '../../../src-shared/model';
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';
import type { Row } from '../sql/schema';

/** One stored judge call that produced a score (the judge trace of SPEC 11). */
export type JudgeCallRow = Readonly<
  Pick<
    JudgeCall,
    'id' | 'graderId' | 'provider' | 'model' | 'templateVersion' | 'prompt' | 'responseSeen' | 'reason'
  > & {
    runId: string | null;
    questionId: string | null;
    score: number;
    createdAt: number;
  }
>;

export type GoldItemInput = Readonly<{
  id: string;
  graderId: string;
  judgeCallId: number | null;
  question: string;
  response: string;
  judgeScore: number | null;
  judgeReason: string | null;
  createdAt: number;
}>;

/** What a gold item's judge call read and the answer's tool calls, for showing beside it when labelling. */
export type GoldContextRow = Readonly<{ id: string; prompt: string | null; toolCalls: ToolCallRecord[] | null }>;

/**
 * A gold item with its current label: the workbench's (labels table) if any, else the one stored with the item;
 * `disputed` when named reviewers gave it different verdicts (pass and fail); who gave the current label ('' for
 * the unnamed reviewer and labels from before names), and the asking reviewer's own verdict.
 */
export type GoldItemRow = GoldItemInput &
  Readonly<{ humanLabel: HumanLabel | null; disputed: boolean; labelReviewer: string; ownLabel: HumanLabel | null }>;

/** When a labelled gold item got its current label (epoch ms). */
export type GoldLabelTime = Readonly<{ id: string; labelledAt: number }>;

export type StoredValidation = Readonly<{
  id: number;
  /** The report as computed when the labels were checked (the thresholds and confidence of that time; no reason). */
  report: Omit<JudgeValidationReport, 'reason'>;
  judge: JudgeIdentity;
  labelsSource: string;
  createdAt: number;
}>;

export type ValidationInput = Readonly<{
  report: Omit<JudgeValidationReport, 'reason'>;
  judge: JudgeIdentity;
  labelsSource: string;
  createdAt: number;
}>;

/** The CALL_COLUMNS of a judge call that produced a score. */
type CallRecord = Omit<
  Row<'judge_calls'>,
  'result_id' | 'raw_answer' | 'score' | 'error' | 'settings_json' | 'latency_ms' | 'metrics_json'
> & { score: number };
type GoldRecord = {
  id: string;
  grader_id: string;
  judge_call_id: number | null;
  question_text: string;
  response_text: string;
  judge_score: number | null;
  judge_reason: string | null;
  label: HumanLabel | null;
  disputed: 0 | 1;
  label_reviewer: string;
  own_label: HumanLabel | null;
  created_at: number;
};
type ValidationRecord = Row<'judge_validations'>;

const CALL_COLUMNS = [
  'id',
  'run_id',
  'question_id',
  'grader_id',
  'provider',
  'model',
  'template_version',
  'prompt',
  'response_seen',
  'score',
  'reason',
  'created_at',
] as const;

const toCall = (r: CallRecord): JudgeCallRow => ({
  id: r.id,
  runId: r.run_id,
  questionId: r.question_id,
  graderId: r.grader_id,
  provider: r.provider,
  model: r.model,
  templateVersion: r.template_version,
  prompt: r.prompt,
  responseSeen: r.response_seen,
  score: r.score,
  reason: r.reason,
  createdAt: r.created_at,
});

const toGold = (r: GoldRecord): GoldItemRow => ({
  id: r.id,
  graderId: r.grader_id,
  judgeCallId: r.judge_call_id,
  question: r.question_text,
  response: r.response_text,
  judgeScore: r.judge_score,
  judgeReason: r.judge_reason,
  humanLabel: r.label,
  disputed: r.disputed === 1,
  labelReviewer: r.label_reviewer,
  ownLabel: r.own_label,
  createdAt: r.created_at,
});

// template_version is NOT NULL in the table; an unknown version (no judge call seen yet) is stored as ''.
const toValidation = (r: ValidationRecord): StoredValidation => ({
  id: r.id,
  judge: { provider: r.judge_provider, model: r.judge_model, template_version: r.template_version || null },
  report: {
    grader: r.grader_id,
    n_pos: r.n_pos,
    n_neg: r.n_neg,
    tp: r.tp,
    tn: r.tn,
    fp: r.fp,
    fn: r.fn,
    tpr: r.tpr,
    tnr: r.tnr,
    tpr_ci: r.tpr_ci_json ? (JSON.parse(r.tpr_ci_json) as [number, number]) : null,
    tnr_ci: r.tnr_ci_json ? (JSON.parse(r.tnr_ci_json) as [number, number]) : null,
    state: r.state,
  },
  labelsSource: r.labels_source,
  createdAt: r.created_at,
});

type ValidationArgs = Omit<ValidationRecord, 'id'>;

export class JudgesRepo {
  private readonly q: Queries;
  private readonly scoredSince;
  private readonly byIds;
  private readonly latest;
  private readonly countSince;
  private readonly insertGold;
  private readonly goldOf;
  private readonly goldContextOf;
  private readonly goldLabelTimesOf;
  private readonly insertValidation;
  private readonly latestValidationOf;

  constructor({ q }: StoreContext) {
    this.q = q;
    const { db, dialect: d } = q;
    // A judge call counts only when it produced a score: errors have no verdict to agree or disagree with.
    const scored = () =>
      db
        .selectFrom('judge_calls')
        .select(CALL_COLUMNS)
        .where('error', 'is', null)
        .where('score', 'is not', null)
        .$narrowType<{ score: number }>();
    this.scoredSince = q.prepare((a: { graderId: string; since: number }) =>
      scored().where('grader_id', '=', a.graderId).where('created_at', '>=', a.since).orderBy('id'),
    );
    this.byIds = q.prepare((a: { ids: string }) =>
      scored()
        .where('id', 'in', d.jsonValues(sql.val(a.ids), 'int'))
        .orderBy('id'),
    );
    this.latest = (graderId: string, provider: string | null, model: string | null) =>
      scored()
        .where('grader_id', '=', graderId)
        .$if(provider !== null, (qb) => qb.where('provider', '=', provider!))
        .$if(model !== null, (qb) => qb.where('model', '=', model!))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1);
    this.countSince = q.prepare((a: { graderId: string; since: number }) =>
      db
        .selectFrom('judge_calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('grader_id', '=', a.graderId)
        .where('created_at', '>=', a.since)
        .where('error', 'is', null)
        .where('score', 'is not', null),
    );
    // Re-sampling the same call keeps the existing gold item and whatever label it already has.
    this.insertGold = q.prepare((a: GoldItemInput) =>
      db
        .insertInto('gold_items')
        .values({
          id: a.id,
          grader_id: a.graderId,
          judge_call_id: a.judgeCallId,
          question_text: a.question,
          response_text: a.response,
          judge_score: a.judgeScore,
          judge_reason: a.judgeReason,
          created_at: a.createdAt,
        })
        .onConflict((oc) => oc.column('id').doNothing()),
    );
    // The workbench writes labels with subject_type 'gold_item'; its verdict wins over the item's own column.
    // Disputed: named reviewers (not the unnamed '') gave both pass and fail; defers do not count.
    this.goldOf = q.prepare(
      (a: { graderId: string; reviewer: string }) => sql<GoldRecord>`
      SELECT g.id, g.grader_id, g.judge_call_id, g.question_text, g.response_text, g.judge_score, g.judge_reason, g.created_at,
             COALESCE(l.verdict, g.human_label) AS label,
             CASE WHEN (SELECT COUNT(DISTINCT v.verdict) FROM reviewer_verdicts v
                        WHERE v.subject_type = 'gold_item' AND v.subject_id = g.id AND v.reviewer <> ''
                          AND v.verdict IN ('pass', 'fail')) > 1 THEN 1 ELSE 0 END AS disputed,
             COALESCE(l.reviewer, '') AS label_reviewer,
             (SELECT v.verdict FROM reviewer_verdicts v
              WHERE v.subject_type = 'gold_item' AND v.subject_id = g.id AND v.reviewer = ${a.reviewer}) AS own_label
      FROM gold_items g LEFT JOIN labels l ON l.subject_type = 'gold_item' AND l.subject_id = g.id
      WHERE g.grader_id = ${a.graderId} ORDER BY g.created_at, g.id`,
    );
    // The judge call and its result may be gone (a deleted run): the item then shows without them.
    this.goldContextOf = q.prepare((a: { graderId: string }) =>
      db
        .selectFrom('gold_items as g')
        .leftJoin('judge_calls as jc', 'jc.id', 'g.judge_call_id')
        .leftJoin('question_results as qr', 'qr.id', 'jc.result_id')
        .select(['g.id', 'jc.prompt', 'qr.tool_calls_json'])
        .where('g.grader_id', '=', a.graderId),
    );
    // A label given in the workbench has its time; one that came with the item (no labels row) has the item's.
    this.goldLabelTimesOf = q.prepare(
      (a: { graderId: string }) => sql<{ id: string; labelled_at: number }>`
      SELECT g.id, COALESCE(l.updated_at, g.created_at) AS labelled_at
      FROM gold_items g LEFT JOIN labels l ON l.subject_type = 'gold_item' AND l.subject_id = g.id
      WHERE g.grader_id = ${a.graderId} AND COALESCE(l.verdict, g.human_label) IS NOT NULL`,
    );
    this.insertValidation = q.prepare((a: ValidationArgs) =>
      db
        .insertInto('judge_validations')
        .values({
          grader_id: a.grader_id,
          judge_provider: a.judge_provider,
          judge_model: a.judge_model,
          template_version: a.template_version,
          n_pos: a.n_pos,
          n_neg: a.n_neg,
          tp: a.tp,
          tn: a.tn,
          fp: a.fp,
          fn: a.fn,
          tpr: a.tpr,
          tnr: a.tnr,
          tpr_ci_json: a.tpr_ci_json,
          tnr_ci_json: a.tnr_ci_json,
          state: a.state,
          labels_source: a.labels_source,
          created_at: a.created_at,
        })
        .returning('id'),
    );
    this.latestValidationOf = q.prepare((a: { graderId: string }) =>
      db
        .selectFrom('judge_validations')
        .selectAll()
        .where('grader_id', '=', a.graderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    );
  }

  /** The grader's scored judge calls made at or after `since` (epoch ms), oldest first. */
  *scoredCalls(graderId: string, since: number): Q<JudgeCallRow[]> {
    return (yield* this.scoredSince.all({ graderId, since })).map(toCall);
  }

  /** The scored judge calls with these ids (ids that are missing or errored are left out). */
  *callsByIds(ids: readonly number[]): Q<JudgeCallRow[]> {
    return (yield* this.byIds.all({ ids: JSON.stringify(ids) })).map(toCall);
  }

  /** The grader's most recent scored call, optionally by one provider and model. */
  *latestCall(
    graderId: string,
    provider: string | null = null,
    model: string | null = null,
  ): Q<JudgeCallRow | undefined> {
    const row = yield* this.q.first(this.latest(graderId, provider, model));
    return row ? toCall(row) : undefined;
  }

  *countScoredCalls(graderId: string, since = 0): Q<number> {
    return (yield* this.countSince.first({ graderId, since }))?.n ?? 0;
  }

  /** Adds gold items in one transaction; returns how many were new. */
  addGoldItems(items: readonly GoldItemInput[]): Q<number> {
    return transaction(() => this.insertGoldItems(items));
  }

  private *insertGoldItems(items: readonly GoldItemInput[]): Q<number> {
    let added = 0;
    for (const item of items) added += (yield* this.insertGold.run(item)).changes;
    return added;
  }

  /** The grader's gold items; `reviewer` (default: the unnamed one) fills `ownLabel`. */
  *goldItems(graderId: string, reviewer = ''): Q<GoldItemRow[]> {
    return (yield* this.goldOf.all({ graderId, reviewer })).map(toGold);
  }

  /** The label time of each of the grader's labelled gold items. */
  *goldLabelTimes(graderId: string): Q<GoldLabelTime[]> {
    return (yield* this.goldLabelTimesOf.all({ graderId })).map((row) => ({ id: row.id, labelledAt: row.labelled_at }));
  }

  *goldContext(graderId: string): Q<GoldContextRow[]> {
    return (yield* this.goldContextOf.all({ graderId })).map((row) => ({
      id: row.id,
      prompt: row.prompt,
      toolCalls: row.tool_calls_json === null ? null : (JSON.parse(row.tool_calls_json) as ToolCallRecord[]),
    }));
  }

  /** Stores a validation; `template_version` null is stored as ''. */
  *saveValidation({ report, judge, labelsSource, createdAt }: ValidationInput): Q<number> {
    if (report.state === 'unvalidated' || report.state === 'stale')
      throw new Error(`saveValidation: "${report.state}" is not a validation outcome`);
    const row = yield* this.insertValidation.first({
      grader_id: report.grader,
      judge_provider: judge.provider,
      judge_model: judge.model,
      template_version: judge.template_version ?? '',
      n_pos: report.n_pos,
      n_neg: report.n_neg,
      tp: report.tp,
      tn: report.tn,
      fp: report.fp,
      fn: report.fn,
      tpr: report.tpr,
      tnr: report.tnr,
      tpr_ci_json: report.tpr_ci ? JSON.stringify(report.tpr_ci) : null,
      tnr_ci_json: report.tnr_ci ? JSON.stringify(report.tnr_ci) : null,
      state: report.state,
      labels_source: labelsSource,
      created_at: createdAt,
    });
    return row!.id;
  }

  *latestValidation(graderId: string): Q<StoredValidation | undefined> {
    const row = yield* this.latestValidationOf.first({ graderId });
    return row ? toValidation(row) : undefined;
  }
}
