// Judge validation data: reads stored judge calls, keeps gold items and the validations of each judge.
import type {
  HumanLabel,
  JudgeCall,
  JudgeIdentity,
  JudgeValidationReport,
  ToolCallRecord,
  ValidationLine,
} from '../../../src-shared/model';
import type { Db } from '../db';
import type { JudgeCallsRow } from './judge-calls-row';

/** One stored judge call that produced a score (a judge call, docs/grading.md). */
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

/** A gold item as the index holds it (see gold-sets.repo.ts): its file's content and this machine's judge call, if any. */
export type GoldItemInput = Readonly<{
  id: string;
  graderId: string;
  judgeCallId: number | null;
  question: string;
  response: string;
  judgeScore: number | null;
  judgeReason: string | null;
  createdAt: number;
  /** Where the item's file is, relative to the workspace (null: an item of old, not written out yet). */
  file: string | null;
  questionId: string | null;
  runId: string | null;
  /** The judge whose verdict the item carries; null when not recorded (a promoted trace, an item of old). */
  judge: JudgeIdentity | null;
}>;

export type GoldStratum = 'judge_pass' | 'judge_fail' | 'all';

/** One reviewer's latest verdict on a gold item ('' is the unnamed reviewer), and when they gave it (epoch ms). */
export type GoldVerdictRow = Readonly<{ reviewer: string; verdict: HumanLabel; at: number }>;

/** What a gold item's judge call read and the answer's tool calls, for showing beside it when labelling. */
export type GoldContextRow = Readonly<{ id: string; prompt: string | null; toolCalls: ToolCallRecord[] | null }>;

/**
 * A gold item with every reviewer's latest verdict on it (which of them count is the engine's rule, agreedLabel), the
 * label stored with the item itself (a sample file's label from before the workbench; dated by the item) and its
 * sampling design.
 */
export type GoldItemRow = GoldItemInput &
  Readonly<{
    verdicts: GoldVerdictRow[];
    storedLabel: HumanLabel | null;
    stratum: GoldStratum | null;
    inclusionProbability: number | null;
  }>;

/** Labels drawn alike (one sampling stratum and weight) with their confusion counts: how a validation weighted them. */
export type DesignCell = Readonly<NonNullable<ValidationLine['design']>[number]>;

export type StoredValidation = Readonly<{
  id: number;
  /** The report as computed when the labels were checked (the thresholds and confidence of that time; no reason). */
  report: Omit<JudgeValidationReport, 'reason'>;
  judge: JudgeIdentity;
  labelsSource: string;
  createdAt: number;
  /** The labels by sampling stratum and weight; null for a validation stored before designs were (unweighted). */
  cells: DesignCell[] | null;
}>;

export type ValidationInput = Readonly<{
  report: Omit<JudgeValidationReport, 'reason'>;
  judge: JudgeIdentity;
  labelsSource: string;
  createdAt: number;
  cells?: readonly DesignCell[];
}>;

/** The CALL_COLUMNS of a judge call that produced a score. */
type CallRecord = Omit<
  JudgeCallsRow,
  'result_id' | 'raw_answer' | 'score' | 'error' | 'settings_json' | 'latency_ms' | 'metrics_json'
> & { score: number };
type GoldRecord = {
  id: string;
  grader_id: string;
  judge_call_id: number | null;
  file: string | null;
  question_id: string | null;
  run_id: string | null;
  judge_provider: string | null;
  judge_model: string | null;
  template_version: string | null;
  question_text: string;
  response_text: string;
  judge_score: number | null;
  judge_reason: string | null;
  human_label: HumanLabel | null;
  stratum: GoldStratum | null;
  inclusion_probability: number | null;
  created_at: number;
};
type GoldVerdictRecord = { subject_id: string; reviewer: string; verdict: HumanLabel; updated_at: number };
type ValidationRecord = {
  id: number;
  grader_id: string;
  judge_provider: string;
  judge_model: string;
  template_version: string;
  n_pos: number;
  n_neg: number;
  tp: number;
  tn: number;
  fp: number;
  fn: number;
  tpr: number | null;
  tnr: number | null;
  tpr_ci_json: string | null;
  tnr_ci_json: string | null;
  state: 'trusted' | 'failing' | 'insufficient';
  labels_source: string;
  design_json: string | null;
  created_at: number;
};

const CALL_COLUMNS = `id, run_id, question_id, grader_id, provider, model, template_version, prompt, response_seen, score, reason, created_at`;
// A judge call counts only when it produced a score: errors have no verdict to agree or disagree with.
const SCORED = `error IS NULL AND score IS NOT NULL`;

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

const toGold = (r: GoldRecord, verdicts: GoldVerdictRow[]): GoldItemRow => ({
  id: r.id,
  graderId: r.grader_id,
  judgeCallId: r.judge_call_id,
  question: r.question_text,
  response: r.response_text,
  judgeScore: r.judge_score,
  judgeReason: r.judge_reason,
  verdicts,
  storedLabel: r.human_label,
  stratum: r.stratum,
  inclusionProbability: r.inclusion_probability,
  createdAt: r.created_at,
  file: r.file,
  questionId: r.question_id,
  runId: r.run_id,
  judge:
    r.judge_provider === null || r.judge_model === null
      ? null
      : { provider: r.judge_provider, model: r.judge_model, template_version: r.template_version },
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
  cells: r.design_json === null ? null : (JSON.parse(r.design_json) as DesignCell[]),
});

export class JudgesRepo {
  private readonly scoredSince;
  private readonly byIds;
  private readonly latest;
  private readonly countSince;
  private readonly goldOf;
  private readonly goldVerdictsOf;
  private readonly goldContextOf;
  private readonly goldTemplateOf;
  private readonly latestValidationOf;

  constructor(private readonly db: Db) {
    this.scoredSince = db.prepare<{ graderId: string; since: number }, CallRecord>(
      `SELECT ${CALL_COLUMNS} FROM judge_calls WHERE grader_id = @graderId AND created_at >= @since AND ${SCORED} ORDER BY id`,
    );
    this.byIds = db.prepare<{ ids: string }, CallRecord>(
      `SELECT ${CALL_COLUMNS} FROM judge_calls WHERE id IN (SELECT value FROM json_each(@ids)) AND ${SCORED} ORDER BY id`,
    );
    this.latest = db.prepare<{ graderId: string; provider: string | null; model: string | null }, CallRecord>(
      `SELECT ${CALL_COLUMNS} FROM judge_calls
       WHERE grader_id = @graderId AND ${SCORED} AND (@provider IS NULL OR provider = @provider) AND (@model IS NULL OR model = @model)
       ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    this.countSince = db.prepare<{ graderId: string; since: number }, { n: number }>(
      `SELECT COUNT(*) AS n FROM judge_calls WHERE grader_id = @graderId AND created_at >= @since AND ${SCORED}`,
    );
    this.goldOf = db.prepare<{ graderId: string }, GoldRecord>(
      `SELECT id, grader_id, judge_call_id, question_text, response_text, judge_score, judge_reason, human_label,
              stratum, inclusion_probability, created_at, file, question_id, run_id, judge_provider, judge_model,
              template_version
       FROM gold_items WHERE grader_id = @graderId ORDER BY created_at, id`,
    );
    // Every reviewer's own verdict (the index writes each reviewer's current label from their file of labels/).
    this.goldVerdictsOf = db.prepare<{ graderId: string }, GoldVerdictRecord>(
      `SELECT v.subject_id, v.reviewer, v.verdict, v.updated_at
       FROM reviewer_verdicts v JOIN gold_items g ON v.subject_type = 'gold_item' AND v.subject_id = g.id
       WHERE g.grader_id = @graderId ORDER BY v.subject_id, v.reviewer`,
    );
    // The judge call and its result may be gone (a deleted run): the item then shows without them.
    this.goldContextOf = db.prepare<
      { graderId: string },
      { id: string; prompt: string | null; tool_calls_json: string | null }
    >(
      `SELECT g.id, jc.prompt, qr.tool_calls_json
       FROM gold_items g
       LEFT JOIN judge_calls jc ON jc.id = g.judge_call_id
       LEFT JOIN question_results qr ON qr.id = jc.result_id
       WHERE g.grader_id = @graderId`,
    );
    this.goldTemplateOf = db
      .prepare<{ graderId: string }, string>(
        `SELECT template_version FROM gold_items WHERE grader_id = @graderId AND template_version IS NOT NULL
         ORDER BY created_at DESC, id DESC LIMIT 1`,
      )
      .pluck();
    this.latestValidationOf = db.prepare<{ graderId: string }, ValidationRecord>(
      `SELECT * FROM judge_validations WHERE grader_id = @graderId ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
  }

  /** The grader's scored judge calls made at or after `since` (epoch ms), oldest first. */
  scoredCalls(graderId: string, since: number): JudgeCallRow[] {
    return this.scoredSince.all({ graderId, since }).map(toCall);
  }

  /** The scored judge calls with these ids (ids that are missing or errored are left out). */
  callsByIds(ids: readonly number[]): JudgeCallRow[] {
    return this.byIds.all({ ids: JSON.stringify(ids) }).map(toCall);
  }

  /** The grader's most recent scored call, optionally by one provider and model. */
  latestCall(graderId: string, provider: string | null = null, model: string | null = null): JudgeCallRow | undefined {
    const row = this.latest.get({ graderId, provider, model });
    return row ? toCall(row) : undefined;
  }

  countScoredCalls(graderId: string, since = 0): number {
    return this.countSince.get({ graderId, since })?.n ?? 0;
  }

  /** The grader's gold items, oldest first, each with every reviewer's verdict on it. */
  goldItems(graderId: string): GoldItemRow[] {
    const verdicts = new Map<string, GoldVerdictRow[]>();
    for (const v of this.goldVerdictsOf.all({ graderId })) {
      const list = verdicts.get(v.subject_id) ?? [];
      list.push({ reviewer: v.reviewer, verdict: v.verdict, at: v.updated_at });
      verdicts.set(v.subject_id, list);
    }
    return this.goldOf.all({ graderId }).map((row) => toGold(row, verdicts.get(row.id) ?? []));
  }

  goldContext(graderId: string): GoldContextRow[] {
    return this.goldContextOf.all({ graderId }).map((row) => ({
      id: row.id,
      prompt: row.prompt,
      toolCalls: row.tool_calls_json === null ? null : (JSON.parse(row.tool_calls_json) as ToolCallRecord[]),
    }));
  }

  /** The judge template its latest gold item was judged with ("judge@1.0.0"); undefined when none recorded one. */
  goldTemplate(graderId: string): string | undefined {
    return this.goldTemplateOf.get({ graderId });
  }

  latestValidation(graderId: string): StoredValidation | undefined {
    const row = this.latestValidationOf.get({ graderId });
    return row ? toValidation(row) : undefined;
  }
}
