// One question's score and status from its graders' outcomes (docs/grading.md).
import type { QuestionStatus } from '../../../src-shared/model';
import { toZeroFive } from './normalise';

export type GraderScoreInput = Readonly<{
  status: 'scored' | 'skipped' | 'error';
  score: number | null;
  minScore: number;
  maxScore: number;
}>;

export type QuestionScore = Readonly<{ status: QuestionStatus; score: number | null; passed: boolean | null }>;

/**
 * Degraded when the target call failed or any grader errored; unscored when every grader skipped;
 * otherwise the mean of the graders' 0-5 scores, passing when it is ≥ the threshold.
 */
export function scoreQuestion(
  graders: readonly GraderScoreInput[],
  passThreshold: number,
  targetFailed = false,
): QuestionScore {
  if (targetFailed || graders.some((grader) => grader.status === 'error'))
    return { status: 'degraded', score: null, passed: null };
  const values = graders
    .filter((grader) => grader.status === 'scored' && grader.score !== null)
    .map((grader) => toZeroFive(grader.score as number, grader.minScore, grader.maxScore));
  if (values.length === 0) return { status: 'unscored', score: null, passed: null };
  const score = values.reduce((sum, value) => sum + value, 0) / values.length;
  return { status: 'scored', score, passed: score >= passThreshold };
}
