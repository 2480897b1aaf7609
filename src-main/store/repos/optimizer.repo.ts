// Optimizer candidates (prompts, runs, scores, decision) and the log of who applied, rejected or reverted them.
import type { CandidateStatus, CandidateSummary, ChangeAction, OptimizerChange } from '../../../src-shared/model';
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

/** A candidate with its prompts and the questions that decided it (null: every question of its runs). */
export type CandidateRecord = CandidateSummary &
  Readonly<{ baselinePrompt: string; candidatePrompt: string; decidingQuestionIds: readonly string[] | null }>;

/** A human (or auto-apply) action on a candidate: its new status and the change-log entry, written together. */
export type CandidateAction = Readonly<{
  id: string;
  action: ChangeAction;
  /** The statuses the candidate may be in for this action; anything else is refused. */
  from: readonly CandidateStatus[];
  actor: string;
  reason: string;
  previousPrompt: string | null;
  newPrompt: string | null;
  now: number;
}>;

type CandidateRow = {
  id: string;
  target_id: string;
  job_id: string | null;
  attempt: number;
  status: CandidateStatus;
  baseline_prompt: string;
  candidate_prompt: string;
  baseline_run_ids_json: string;
  candidate_run_ids_json: string;
  baseline_mean: number | null;
  baseline_sd: number | null;
  candidate_mean: number | null;
  candidate_sd: number | null;
  baseline_scores_json: string;
  candidate_scores_json: string;
  deciding_question_ids_json: string | null;
  split: string | null;
  decision_reason: string;
  proposer: string | null;
  decided_by: string | null;
  created_at: number;
  decided_at: number | null;
};

type ChangeRow = {
  id: number;
  candidate_id: string;
  target_id: string;
  action: ChangeAction;
  actor: string;
  reason: string;
  previous_prompt: string | null;
  new_prompt: string | null;
  created_at: number;
};

const STATUS_OF: Readonly<Record<ChangeAction, CandidateStatus>> = {
  applied: 'applied',
  rejected: 'rejected',
  reverted: 'reverted',
};

const toSummary = (
  row: Omit<CandidateRow, 'baseline_prompt' | 'candidate_prompt' | 'deciding_question_ids_json'>,
): CandidateSummary => ({
  id: row.id,
  targetId: row.target_id,
  jobId: row.job_id,
  attempt: row.attempt,
  status: row.status,
  split: row.split,
  baselineMean: row.baseline_mean,
  baselineSd: row.baseline_sd,
  candidateMean: row.candidate_mean,
  candidateSd: row.candidate_sd,
  baselineScores: JSON.parse(row.baseline_scores_json) as (number | null)[],
  candidateScores: JSON.parse(row.candidate_scores_json) as (number | null)[],
  baselineRunIds: JSON.parse(row.baseline_run_ids_json) as string[],
  candidateRunIds: JSON.parse(row.candidate_run_ids_json) as string[],
  decisionReason: row.decision_reason,
  proposer: row.proposer,
  decidedBy: row.decided_by,
  createdAt: row.created_at,
  decidedAt: row.decided_at,
});

const toChange = (row: ChangeRow): OptimizerChange => ({
  id: row.id,
  candidateId: row.candidate_id,
  targetId: row.target_id,
  action: row.action,
  actor: row.actor,
  reason: row.reason,
  previousPrompt: row.previous_prompt,
  newPrompt: row.new_prompt,
  createdAt: row.created_at,
});

// The list never reads the prompts: they can be long, and the list page shows only numbers and statuses.
const SUMMARY_COLUMNS = [
  'id',
  'target_id',
  'job_id',
  'attempt',
  'status',
  'baseline_run_ids_json',
  'candidate_run_ids_json',
  'baseline_mean',
  'baseline_sd',
  'candidate_mean',
  'candidate_sd',
  'baseline_scores_json',
  'candidate_scores_json',
  'split',
  'decision_reason',
  'proposer',
  'decided_by',
  'created_at',
  'decided_at',
] as const;

type CandidateArgs = Omit<
  CandidateRecord,
  'baselineRunIds' | 'candidateRunIds' | 'baselineScores' | 'candidateScores' | 'decidingQuestionIds'
> & {
  baselineRunIds: string;
  candidateRunIds: string;
  baselineScores: string;
  candidateScores: string;
  decidingQuestionIds: string | null;
};

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  return {
    listNewestFirst: (query: Readonly<{ targetId?: string; limit: number }>) =>
      q.all(
        db
          .selectFrom('optimizer_candidates')
          .select(SUMMARY_COLUMNS)
          .$if(query.targetId !== undefined, (qb) => qb.where('target_id', '=', query.targetId!))
          .orderBy('created_at', 'desc')
          .orderBy('attempt', 'desc')
          .limit(query.limit),
      ),
    insertCandidate: q.prepare((a: CandidateArgs) =>
      db.insertInto('optimizer_candidates').values({
        id: a.id,
        target_id: a.targetId,
        job_id: a.jobId,
        attempt: a.attempt,
        status: a.status,
        baseline_prompt: a.baselinePrompt,
        candidate_prompt: a.candidatePrompt,
        baseline_run_ids_json: a.baselineRunIds,
        candidate_run_ids_json: a.candidateRunIds,
        baseline_mean: a.baselineMean,
        baseline_sd: a.baselineSd,
        candidate_mean: a.candidateMean,
        candidate_sd: a.candidateSd,
        baseline_scores_json: a.baselineScores,
        candidate_scores_json: a.candidateScores,
        deciding_question_ids_json: a.decidingQuestionIds,
        split: a.split,
        decision_reason: a.decisionReason,
        proposer: a.proposer,
        decided_by: a.decidedBy,
        created_at: a.createdAt,
        decided_at: a.decidedAt,
      }),
    ),
    selectOne: q.prepare((a: { id: string }) =>
      db.selectFrom('optimizer_candidates').selectAll().where('id', '=', a.id),
    ),
    setStatus: q.prepare((a: { id: string; status: CandidateStatus; from: string; actor: string; now: number }) =>
      db
        .updateTable('optimizer_candidates')
        .set({ status: a.status, decided_by: a.actor, decided_at: a.now })
        .where('id', '=', a.id)
        .where(sql<boolean>`status IN ${d.jsonValues(sql.val(a.from), 'text')}`),
    ),
    insertChange: q.prepare((a: Omit<OptimizerChange, 'id' | 'createdAt'> & { now: number }) =>
      db.insertInto('optimizer_changes').values({
        candidate_id: a.candidateId,
        target_id: a.targetId,
        action: a.action,
        actor: a.actor,
        reason: a.reason,
        previous_prompt: a.previousPrompt,
        new_prompt: a.newPrompt,
        created_at: a.now,
      }),
    ),
    selectChanges: q.prepare((a: { id: string }) =>
      db.selectFrom('optimizer_changes').selectAll().where('candidate_id', '=', a.id).orderBy('id'),
    ),
  };
}

export class OptimizerRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  *insert(candidate: CandidateRecord): Q<void> {
    yield* this.statements.insertCandidate.run({
      ...candidate,
      baselineRunIds: JSON.stringify(candidate.baselineRunIds),
      candidateRunIds: JSON.stringify(candidate.candidateRunIds),
      baselineScores: JSON.stringify(candidate.baselineScores),
      candidateScores: JSON.stringify(candidate.candidateScores),
      decidingQuestionIds:
        candidate.decidingQuestionIds === null ? null : JSON.stringify(candidate.decidingQuestionIds),
    });
  }

  *get(id: string): Q<CandidateRecord | undefined> {
    const row = yield* this.statements.selectOne.first({ id });
    if (!row) return undefined;
    return {
      ...toSummary(row),
      baselinePrompt: row.baseline_prompt,
      candidatePrompt: row.candidate_prompt,
      decidingQuestionIds:
        row.deciding_question_ids_json === null ? null : (JSON.parse(row.deciding_question_ids_json) as string[]),
    };
  }

  /** Candidates newest first, of one target or of all. */
  *list(query: Readonly<{ targetId?: string; limit: number }>): Q<CandidateSummary[]> {
    return (yield* this.statements.listNewestFirst(query)).map(toSummary);
  }

  /**
   * Sets the candidate's status and logs the change; false (and nothing written) when it is not in one of `from`.
   * The status check and the log entry share one transaction, so two reviewers cannot both apply a candidate.
   */
  act(action: CandidateAction): Q<boolean> {
    return transaction(() => this.applyAction(action));
  }

  private *applyAction(action: CandidateAction): Q<boolean> {
    const row = yield* this.statements.selectOne.first({ id: action.id });
    if (!row) return false;
    const changed = yield* this.statements.setStatus.run({
      id: action.id,
      status: STATUS_OF[action.action],
      from: JSON.stringify(action.from),
      actor: action.actor,
      now: action.now,
    });
    if (changed.changes === 0) return false;
    yield* this.statements.insertChange.run({
      candidateId: action.id,
      targetId: row.target_id,
      action: action.action,
      actor: action.actor,
      reason: action.reason,
      previousPrompt: action.previousPrompt,
      newPrompt: action.newPrompt,
      now: action.now,
    });
    return true;
  }

  *changes(candidateId: string): Q<OptimizerChange[]> {
    return (yield* this.statements.selectChanges.all({ id: candidateId })).map(toChange);
  }
}
