// The bounded failure summary the proposer reads: the lowest-scoring questions with their answers and grader reasons.
import { meanOverRuns, type Evidence, type RunQuestions } from './run-questions';

export const FAILURE_SUMMARY_CHARS = 6000;
export const FAILURE_QUESTIONS = 8;
/** Room kept for the closing "(N more … not shown)" line, so the whole summary stays within its bound. */
const TAIL_CHARS = 60;

export type FailureSummary = Readonly<{ text: string; questionIds: readonly string[] }>;

type Failing = Readonly<{ id: string; mean: number; evidence: Evidence | undefined }>;

function worstEvidence(runs: readonly RunQuestions[], id: string): Evidence | undefined {
  let worst: Evidence | undefined;
  for (const run of runs) {
    const evidence = run.get(id)?.evidence;
    if (evidence && (!worst || evidence.score < worst.score)) worst = evidence;
  }
  return worst;
}

function block(failing: Failing, runCount: number): string {
  const lines = [
    `### ${failing.id}: mean score ${failing.mean.toFixed(2)} / 5 over ${runCount} run${runCount === 1 ? '' : 's'}`,
  ];
  const evidence = failing.evidence;
  if (evidence) {
    lines.push(`Question: ${evidence.input}`, `Answer (its lowest-scored run): ${evidence.response || '(empty)'}`);
    for (const grader of evidence.graders) {
      const score = grader.score0to5 === null ? '—' : grader.score0to5.toFixed(1);
      lines.push(`- ${grader.graderId} ${score} / 5: ${grader.reason || '(no reason given)'}`);
    }
  }
  return lines.join('\n');
}

/**
 * The questions of `ids` below the pass threshold (lowest first; the lowest few when none fails), each with its
 * worst answer and grader reasons, cut at `maxChars` with the number of questions left out said at the end.
 */
export function failureSummary(
  runs: readonly RunQuestions[],
  ids: readonly string[],
  passThreshold: number,
  maxChars = FAILURE_SUMMARY_CHARS,
  maxQuestions = FAILURE_QUESTIONS,
): FailureSummary {
  const means = meanOverRuns(runs);
  const scored: Failing[] = ids
    .flatMap((id) => {
      const mean = means.get(id);
      return mean === null || mean === undefined ? [] : [{ id, mean, evidence: worstEvidence(runs, id) }];
    })
    .sort((a, b) => a.mean - b.mean || a.id.localeCompare(b.id));
  const failing = scored.filter((question) => question.mean < passThreshold);
  const shown = (failing.length > 0 ? failing : scored.slice(0, 3)).slice(0, maxQuestions);
  const header =
    failing.length > 0
      ? `${failing.length} of ${scored.length} scored questions fail (score below ${passThreshold}); the lowest-scoring:`
      : `No question fails (every score is at least ${passThreshold}); the lowest-scoring:`;
  const parts = [header];
  const included: string[] = [];
  let length = header.length;
  for (const question of shown) {
    const text = block(question, runs.length);
    if (length + text.length + 2 > maxChars - TAIL_CHARS) break;
    parts.push(text);
    included.push(question.id);
    length += text.length + 2;
  }
  const left = (failing.length > 0 ? failing.length : shown.length) - included.length;
  if (left > 0)
    parts.push(`(${left} more ${failing.length > 0 ? 'failing ' : ''}question${left === 1 ? '' : 's'} not shown)`);
  return { text: parts.join('\n\n'), questionIds: included };
}
