// Pure selectors for the results screens (unit-tested without React).
import type { GraderResult, ResultRow, RunDetail, RunSummary, Verdict } from '../../../src-shared/model';
import type { GraderStat } from '../../../src-shared/contract/insights.contract';
import type { Status } from '../../components/status';
import { gateInWords } from '../../../src-shared/text/gate-words';

/** The status of one question as the UI shows it. */
export function rowStatus(row: Pick<ResultRow, 'status' | 'passed'>): Status {
  if (row.status === 'degraded') return 'degraded';
  if (row.status === 'unscored') return 'unscored';
  return row.passed ? 'pass' : 'fail';
}

/** A grader's score on its own denominator: `1 / 1` for a binary judge, never `1 / 5`. */
export function nativeScore(grader: Pick<GraderResult, 'status' | 'score' | 'maxScore'>): string {
  if (grader.status === 'skipped') return 'skipped';
  if (grader.status === 'error' || grader.score === null) return 'error';
  const digits = Number.isInteger(grader.score) && Number.isInteger(grader.maxScore) ? 0 : 2;
  return `${grader.score.toFixed(digits)} / ${grader.maxScore}`;
}

export function runStatus(detail: RunDetail): Status {
  if (detail.run.status === 'running' || detail.run.status === 'pending') return 'running';
  if (detail.run.status === 'cancelled') return 'cancelled';
  if (detail.run.status === 'error') return 'error';
  return detail.verdict?.passed ? 'pass' : 'fail';
}

/** The run's gate in words; `bound` comes from the run's identity (the verdict does not carry it). */
export function gateText(
  verdict: Pick<Verdict, 'gate_metric' | 'threshold' | 'gate_type'>,
  bound?: 'point' | 'lower',
): string {
  return `${gateInWords({ metric: verdict.gate_metric, bound, threshold: verdict.threshold })} (${verdict.gate_type} gate)`;
}

/** The weakest grader: the lowest mean over graders that scored at least one question. */
export function weakestGrader(stats: readonly GraderStat[]): GraderStat | undefined {
  return stats.filter((s) => s.mean !== null && s.scored > 0).sort((a, b) => a.mean! - b.mean!)[0];
}

/** A grader's score against the question pass threshold: pass, fail, or why it has no score. */
export function graderTone(grader: Pick<GraderResult, 'status' | 'score0to5'>, passThreshold: number): Status {
  if (grader.status === 'skipped') return 'skipped';
  if (grader.status === 'error' || grader.score0to5 === null) return 'error';
  return grader.score0to5 >= passThreshold ? 'pass' : 'fail';
}

/** The conversation without a last assistant turn that repeats the graded response (it is shown as the response). */
export function turnsBeforeResponse<T extends { role: string; content: string }>(
  transcript: readonly T[],
  response: string | null,
): readonly T[] {
  const last = transcript.at(-1);
  return last && last.role === 'assistant' && last.content === response ? transcript.slice(0, -1) : transcript;
}

/** Why a question passed or failed in words: its score against the threshold, and how many graders fell below it. */
export function passExplanation(
  row: Pick<ResultRow, 'status' | 'passed' | 'score'> & {
    graders: readonly Pick<GraderResult, 'status' | 'score0to5'>[];
  },
  passThreshold: number,
): string {
  if (row.status === 'degraded') return 'Degraded: a call failed, so this question has no verdict.';
  if (row.status === 'unscored' || row.score === null) return 'Unscored: no grader could score this answer.';
  const below = row.graders.filter((grader) => graderTone(grader, passThreshold) === 'fail').length;
  const verdict = row.passed
    ? `Passes: average ${row.score.toFixed(2)} ≥ ${passThreshold.toFixed(2)}`
    : `Fails: average ${row.score.toFixed(2)} < ${passThreshold.toFixed(2)}`;
  const graders = below === 0 ? 'no grader below it' : `${below} ${below === 1 ? 'grader' : 'graders'} below it`;
  return `${verdict}; ${graders}.`;
}

/**
 * The ticked runs in the order they were created, oldest first, so the matrix's first column (its baseline) is the
 * oldest run ticked; a ticked run no longer listed keeps its place after the listed ones.
 */
export function oldestFirst(
  picked: readonly string[],
  runs: readonly Pick<RunSummary, 'id' | 'createdAt'>[],
): string[] {
  const createdAt = new Map(runs.map((run) => [run.id, run.createdAt]));
  const at = (id: string) => createdAt.get(id) ?? Number.POSITIVE_INFINITY;
  return [...picked].sort((a, b) => at(a) - at(b));
}
