// One optimizer attempt as a stored candidate: accepted ones wait as pending, rejected ones are decided at once.
import type { Target } from '../../../src-shared/model';
import type { CandidateRecord } from '../../store/repos/optimizer.repo';
import type { Measured } from './measure';
import { spreadOf } from '../stats/spread';
import type { QuestionSets } from './question-sets';

export type RecordInput = Readonly<{
  id: string;
  targetId: string;
  jobId: string;
  attempt: number;
  accepted: boolean;
  prompt: string;
  target: Target;
  sets: QuestionSets;
  baseline: Measured;
  measured: Measured | null;
  reason: string;
  proposer: string;
  now: number;
}>;

/** The stored form of one attempt: prompts, runs, per-run scores, spreads and the decision in words. */
export function candidateRecord(input: RecordInput): CandidateRecord {
  const base = spreadOf(input.baseline.scores);
  const cand = input.measured ? spreadOf(input.measured.scores) : { mean: null, sd: null };
  return {
    id: input.id,
    targetId: input.targetId,
    jobId: input.jobId,
    attempt: input.attempt,
    status: input.accepted ? 'pending' : 'rejected',
    split: input.sets.split,
    baselineMean: base.mean,
    baselineSd: base.sd,
    candidateMean: cand.mean,
    candidateSd: cand.sd,
    baselineScores: [...input.baseline.scores],
    candidateScores: [...(input.measured?.scores ?? [])],
    baselineRunIds: [...input.baseline.runIds],
    candidateRunIds: [...(input.measured?.runIds ?? [])],
    decisionReason: input.reason,
    proposer: input.proposer,
    // An accepted candidate waits for a person (or the auto-apply) to decide; a rejected one was decided here.
    decidedBy: input.accepted ? null : 'optimizer',
    createdAt: input.now,
    decidedAt: input.accepted ? null : input.now,
    baselinePrompt: input.target.system_prompt,
    candidatePrompt: input.prompt,
    decidingQuestionIds:
      input.sets.heldOut.length > 0
        ? input.sets.heldOut.map((question) => question.id)
        : input.sets.proposal.map((question) => question.id),
  };
}
