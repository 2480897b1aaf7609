// Optimizer candidates (prompts, runs, scores, decision) and the log of who applied, rejected or reverted them.
import type { CandidateStatus, CandidateSummary, ChangeAction, OptimizerChange } from '../../../src-shared/model';
import type { Db } from '../db';

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

const toSummary = (row: CandidateRow): CandidateSummary => ({
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
const SUMMARY_COLUMNS = `id, target_id, job_id, attempt, status, baseline_run_ids_json, candidate_run_ids_json, baseline_mean, baseline_sd,
  candidate_mean, candidate_sd, baseline_scores_json, candidate_scores_json, split, decision_reason, proposer, decided_by, created_at, decided_at`;

export class OptimizerRepo {
  private readonly insertCandidate;
  private readonly selectOne;
  private readonly selectList;
  private readonly setStatus;
  private readonly insertChange;
  private readonly selectChanges;
  private readonly applyAction;

  constructor(db: Db) {
    this.insertCandidate = db.prepare(
      `INSERT INTO optimizer_candidates (id, target_id, job_id, attempt, status, baseline_prompt, candidate_prompt, baseline_run_ids_json,
         candidate_run_ids_json, baseline_mean, baseline_sd, candidate_mean, candidate_sd, baseline_scores_json, candidate_scores_json,
         deciding_question_ids_json, split, decision_reason, proposer, decided_by, created_at, decided_at)
       VALUES (@id, @targetId, @jobId, @attempt, @status, @baselinePrompt, @candidatePrompt, @baselineRunIds, @candidateRunIds, @baselineMean,
         @baselineSd, @candidateMean, @candidateSd, @baselineScores, @candidateScores, @decidingQuestionIds, @split, @decisionReason, @proposer,
         @decidedBy, @createdAt, @decidedAt)`,
    );
    this.selectOne = db.prepare<{ id: string }, CandidateRow>('SELECT * FROM optimizer_candidates WHERE id = @id');
    this.selectList = db.prepare<{ targetId: string | null; limit: number }, CandidateRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM optimizer_candidates WHERE @targetId IS NULL OR target_id = @targetId
       ORDER BY created_at DESC, attempt DESC LIMIT @limit`,
    );
    this.setStatus = db.prepare<{ id: string; status: CandidateStatus; from: string; actor: string; now: number }>(
      `UPDATE optimizer_candidates SET status = @status, decided_by = @actor, decided_at = @now
       WHERE id = @id AND status IN (SELECT value FROM json_each(@from))`,
    );
    this.insertChange = db.prepare(
      `INSERT INTO optimizer_changes (candidate_id, target_id, action, actor, reason, previous_prompt, new_prompt, created_at)
       VALUES (@candidateId, @targetId, @action, @actor, @reason, @previousPrompt, @newPrompt, @now)`,
    );
    this.selectChanges = db.prepare<{ id: string }, ChangeRow>(
      'SELECT * FROM optimizer_changes WHERE candidate_id = @id ORDER BY id',
    );
    // The status check and the log entry share one transaction, so two reviewers cannot both apply a candidate.
    this.applyAction = db.transaction((action: CandidateAction): boolean => {
      const row = this.selectOne.get({ id: action.id });
      if (!row) return false;
      const changed = this.setStatus.run({
        id: action.id,
        status: STATUS_OF[action.action],
        from: JSON.stringify(action.from),
        actor: action.actor,
        now: action.now,
      });
      if (changed.changes === 0) return false;
      this.insertChange.run({
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
    });
  }

  insert(candidate: CandidateRecord): void {
    this.insertCandidate.run({
      ...candidate,
      baselineRunIds: JSON.stringify(candidate.baselineRunIds),
      candidateRunIds: JSON.stringify(candidate.candidateRunIds),
      baselineScores: JSON.stringify(candidate.baselineScores),
      candidateScores: JSON.stringify(candidate.candidateScores),
      decidingQuestionIds:
        candidate.decidingQuestionIds === null ? null : JSON.stringify(candidate.decidingQuestionIds),
    });
  }

  get(id: string): CandidateRecord | undefined {
    const row = this.selectOne.get({ id });
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
  list(query: Readonly<{ targetId?: string; limit: number }>): CandidateSummary[] {
    return this.selectList.all({ targetId: query.targetId ?? null, limit: query.limit }).map(toSummary);
  }

  /** Sets the candidate's status and logs the change; false (and nothing written) when it is not in one of `from`. */
  act(action: CandidateAction): boolean {
    return this.applyAction(action);
  }

  changes(candidateId: string): OptimizerChange[] {
    return this.selectChanges.all({ id: candidateId }).map(toChange);
  }
}
