// A candidate as the proposal page shows it: both prompts, per-run scores, per-question deltas and the change log.
import type { CandidateDetail, QuestionDelta } from '../../../src-shared/model';
import type { CandidateRecord } from '../../store/repos/optimizer.repo';
import type { StoreApi } from '../../store/store';
import { meanOverRuns, readRunQuestions } from './run-questions';

const readAll = (db: StoreApi, runIds: readonly string[]) =>
  Promise.all(runIds.map((runId) => readRunQuestions(db, runId, false)));

/** Largest change first (either direction), then the questions without a delta, each group by id. */
export function byChange(a: QuestionDelta, b: QuestionDelta): number {
  if (a.delta === null || b.delta === null)
    return (a.delta === null ? 1 : 0) - (b.delta === null ? 1 : 0) || a.questionId.localeCompare(b.questionId);
  return Math.abs(b.delta) - Math.abs(a.delta) || a.questionId.localeCompare(b.questionId);
}

export async function candidateDetail(db: StoreApi, record: CandidateRecord): Promise<CandidateDetail> {
  const { decidingQuestionIds, ...candidate } = record;
  const baseline = meanOverRuns(await readAll(db, record.baselineRunIds));
  const proposed = meanOverRuns(await readAll(db, record.candidateRunIds));
  const deciding = decidingQuestionIds === null ? null : new Set(decidingQuestionIds);
  const ids = [...new Set([...baseline.keys(), ...proposed.keys()])];
  const questions = ids
    .map((questionId): QuestionDelta => {
      const before = baseline.get(questionId) ?? null;
      const after = proposed.get(questionId) ?? null;
      return {
        questionId,
        deciding: deciding?.has(questionId) ?? true,
        baseline: before,
        candidate: after,
        delta: before !== null && after !== null ? after - before : null,
      };
    })
    .sort(byChange);
  return { ...candidate, questions, changes: await db.optimizer.changes(record.id) };
}
