// The tally of imported rows, and the verdict of another tool's file: a labelled soft default (ours are recomputed).
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
