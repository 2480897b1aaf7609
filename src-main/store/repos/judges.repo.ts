// Judge validation data: reads stored judge calls, keeps gold items and the validations of each judge.
import type {
  HumanLabel,
  JudgeCall,
  JudgeIdentity,
  JudgeValidationReport,
  SampleStratum,
  ToolCallRecord,
  ValidationLine,
} from '../../../src-shared/model';
import { sql } from 'kysely';
import type { Q } from '../sql/query';
import type { Row } from '../sql/schema';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

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

/** One reviewer's latest verdict on a gold item ('' is the unnamed reviewer), and when they gave it (epoch ms). */
export type GoldVerdictRow = Readonly<{ reviewer: string; verdict: HumanLabel; at: number }>;

/** What a gold item's judge call read and the answer's tool calls, for showing beside it when labelling. */
export type GoldContextRow = Readonly<{ id: string; prompt: string | null; toolCalls: ToolCallRecord[] | null }>;

/**
 * A gold item with every reviewer's latest verdict on it (which of them count is the engine's rule, agreedLabel) and its
 * sampling design.
 */
export type GoldItemRow = GoldItemInput &
  Readonly<{
    verdicts: GoldVerdictRow[];
    stratum: SampleStratum | null;
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
  Row<'judge_calls'>,
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
  stratum: SampleStratum | null;
  inclusion_probability: number | null;
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

const toGold = (r: GoldRecord, verdicts: GoldVerdictRow[]): GoldItemRow => ({
  id: r.id,
  graderId: r.grader_id,
  judgeCallId: r.judge_call_id,
  question: r.question_text,
  response: r.response_text,
  judgeScore: r.judge_score,
  judgeReason: r.judge_reason,
  verdicts,
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

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  // A judge call counts only when it produced a score: errors have no verdict to agree or disagree with.
  const scored = () =>
    db
      .selectFrom('judge_calls')
      .select(CALL_COLUMNS)
      .where('error', 'is', null)
      .where('score', 'is not', null)
      .$narrowType<{ score: number }>();
  return {
    scoredSince: q.prepare((a: { graderId: string; since: number }) =>
      scored().where('grader_id', '=', a.graderId).where('created_at', '>=', a.since).orderBy('id'),
    ),
    byIds: q.prepare((a: { ids: string }) =>
      scored()
        .where('id', 'in', d.jsonValues(sql.val(a.ids), 'int'))
        .orderBy('id'),
    ),
    latest: (graderId: string, provider: string | null, model: string | null) =>
      q.first(
        scored()
          .where('grader_id', '=', graderId)
          .$if(provider !== null, (qb) => qb.where('provider', '=', provider!))
          .$if(model !== null, (qb) => qb.where('model', '=', model!))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      ),
    countSince: q.prepare((a: { graderId: string; since: number }) =>
      db
        .selectFrom('judge_calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('grader_id', '=', a.graderId)
        .where('created_at', '>=', a.since)
        .where('error', 'is', null)
        .where('score', 'is not', null),
    ),
    goldOf: q.prepare((a: { graderId: string }) =>
      db
        .selectFrom('gold_items')
        .select([
          'id',
          'grader_id',
          'judge_call_id',
          'question_text',
          'response_text',
          'judge_score',
          'judge_reason',
          'stratum',
          'inclusion_probability',
          'created_at',
          'file',
          'question_id',
          'run_id',
          'judge_provider',
          'judge_model',
          'template_version',
        ])
        .where('grader_id', '=', a.graderId)
        .orderBy('created_at')
        .orderBy('id')
        .$narrowType<{ stratum: SampleStratum | null }>(),
    ),
    // Every reviewer's own verdict (the index writes each reviewer's current label from their file of labels/).
    goldVerdictsOf: q.prepare((a: { graderId: string }) =>
      db
        .selectFrom('reviewer_verdicts as v')
        .innerJoin('gold_items as g', (join) =>
          join.on('v.subject_type', '=', 'gold_item').onRef('v.subject_id', '=', 'g.id'),
        )
        .select(['v.subject_id', 'v.reviewer', 'v.verdict', 'v.updated_at'])
        .where('g.grader_id', '=', a.graderId)
        .orderBy('v.subject_id')
        .orderBy('v.reviewer'),
    ),
    // The judge call and its result may be gone (a deleted run): the item then shows without them.
    goldContextOf: q.prepare((a: { graderId: string }) =>
      db
        .selectFrom('gold_items as g')
        .leftJoin('judge_calls as jc', 'jc.id', 'g.judge_call_id')
        .leftJoin('question_results as qr', 'qr.id', 'jc.result_id')
        .select(['g.id', 'jc.prompt', 'qr.tool_calls_json'])
        .where('g.grader_id', '=', a.graderId),
    ),
    goldTemplateOf: q.prepare((a: { graderId: string }) =>
      db
        .selectFrom('gold_items')
        .select('template_version')
        .where('grader_id', '=', a.graderId)
        .where('template_version', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .$narrowType<{ template_version: string }>(),
    ),
    latestValidationOf: q.prepare((a: { graderId: string }) =>
      db
        .selectFrom('judge_validations')
        .selectAll()
        .where('grader_id', '=', a.graderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    ),
  };
}

export class JudgesRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** The grader's scored judge calls made at or after `since` (epoch ms), oldest first. */
  *scoredCalls(graderId: string, since: number): Q<JudgeCallRow[]> {
    return (yield* this.statements.scoredSince.all({ graderId, since })).map(toCall);
  }

  /** The scored judge calls with these ids (ids that are missing or errored are left out). */
  *callsByIds(ids: readonly number[]): Q<JudgeCallRow[]> {
    return (yield* this.statements.byIds.all({ ids: JSON.stringify(ids) })).map(toCall);
  }

  /** The grader's most recent scored call, optionally by one provider and model. */
  *latestCall(
    graderId: string,
    provider: string | null = null,
    model: string | null = null,
  ): Q<JudgeCallRow | undefined> {
    const row = yield* this.statements.latest(graderId, provider, model);
    return row ? toCall(row) : undefined;
  }

  *countScoredCalls(graderId: string, since = 0): Q<number> {
    return (yield* this.statements.countSince.first({ graderId, since }))?.n ?? 0;
  }

  /** The grader's gold items, oldest first, each with every reviewer's verdict on it. */
  *goldItems(graderId: string): Q<GoldItemRow[]> {
    const verdicts = new Map<string, GoldVerdictRow[]>();
    for (const v of yield* this.statements.goldVerdictsOf.all({ graderId })) {
      const list = verdicts.get(v.subject_id) ?? [];
      list.push({ reviewer: v.reviewer, verdict: v.verdict, at: v.updated_at });
      verdicts.set(v.subject_id, list);
    }
    return (yield* this.statements.goldOf.all({ graderId })).map((row) => toGold(row, verdicts.get(row.id) ?? []));
  }

  *goldContext(graderId: string): Q<GoldContextRow[]> {
    return (yield* this.statements.goldContextOf.all({ graderId })).map((row) => ({
      id: row.id,
      prompt: row.prompt,
      toolCalls: row.tool_calls_json === null ? null : (JSON.parse(row.tool_calls_json) as ToolCallRecord[]),
    }));
  }

  /** The judge template its latest gold item was judged with ("judge@1.0.0"); undefined when none recorded one. */
  *goldTemplate(graderId: string): Q<string | undefined> {
    return (yield* this.statements.goldTemplateOf.first({ graderId }))?.template_version;
  }

  *latestValidation(graderId: string): Q<StoredValidation | undefined> {
    const row = yield* this.statements.latestValidationOf.first({ graderId });
    return row ? toValidation(row) : undefined;
  }
}
