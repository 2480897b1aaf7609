// The verdict of an imported run: checked against the rows for our own files, a labelled soft default for other tools'.
import type { Gate, Verdict } from '../../../../src-shared/model';
import type { NewQuestionResult } from '../../../store/repos/results.repo';
import { addToTally, emptyTally, type Tally } from '../../scoring/tally';
import { computeVerdict } from '../../scoring/verdict';

/** The tally the run engine would have kept for these question results. */
export function tallyOf(results: readonly NewQuestionResult[]): Tally {
  const tally = emptyTally();
  for (const r of results) {
    addToTally(tally, {
      status: r.status,
      score: r.score,
      passed: r.passed,
      targetFailed: r.status === 'degraded' && r.response === null,
    });
  }
  return tally;
}

const close = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

/** Our files state their verdict; when their rows are here too, the rows must give the same counts and average. */
export function consistencyProblems(stated: Verdict, results: readonly NewQuestionResult[]): string[] {
  const tally = tallyOf(results);
  const average = tally.scored > 0 ? tally.scoreSum / tally.scored : null;
  const { counts } = stated;
  const problems: string[] = [];
  const same =
    tally.scored === counts.scored &&
    tally.passed === counts.passed &&
    tally.degraded === counts.degraded &&
    tally.unscored === counts.unscored;
  if (!same) {
    problems.push(
      `the aggregate counts ${counts.scored} scored, ${counts.passed} passed, ${counts.degraded} degraded, ${counts.unscored} unscored questions; ` +
        `the samples give ${tally.scored}, ${tally.passed}, ${tally.degraded}, ${tally.unscored}`,
    );
  }
  if (!close(stated.avg_score, average))
    problems.push(`the aggregate's composite score is ${stated.avg_score}, the samples average ${average}`);
  return problems;
}

/** Another tool's file has no gate: a soft one on avg_score at the workspace's threshold, said so in the reason. */
export function defaultVerdict(
  results: readonly NewQuestionResult[],
  total: number,
  passThreshold: number,
  library: string,
): Verdict {
  const gate: Gate = { metric: 'avg_score', threshold: passThreshold, type: 'soft' };
  const verdict = computeVerdict({ tally: tallyOf(results), total, gate, questionPassThreshold: passThreshold });
  return {
    ...verdict,
    reason: `imported from ${library}, which has no gate here (default soft gate): ${verdict.reason}`,
  };
}
