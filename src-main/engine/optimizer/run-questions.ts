// Reads a stored run per question (score sums, degraded counts, the worst answer's evidence) and scores subsets of it.
import type { ResultDetail } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';

/** The worst-scored answer to a question, cut down to what a failure summary shows. */
export type Evidence = Readonly<{
  score: number;
  input: string;
  response: string;
  graders: readonly Readonly<{ graderId: string; score0to5: number | null; reason: string }>[];
}>;

export type RunQuestion = Readonly<{
  /** Sum and count of the scored results (repeats) of the question. */
  scoreSum: number;
  scored: number;
  degraded: number;
  evidence: Evidence | undefined;
}>;

export type RunQuestions = ReadonlyMap<string, RunQuestion>;

const BATCH = 200;
export const EVIDENCE_CHARS = 400;

export const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function evidenceOf(result: ResultDetail): Evidence {
  const lastUser = result.transcript.filter((turn) => turn.role === 'user').at(-1)?.content ?? '';
  return {
    score: result.score ?? 0,
    input: clip(lastUser, EVIDENCE_CHARS),
    response: clip(result.response ?? '', EVIDENCE_CHARS),
    graders: result.graders
      .filter((grader) => grader.status === 'scored')
      .map((grader) => ({
        graderId: grader.graderId,
        score0to5: grader.score0to5,
        reason: clip(grader.reason, EVIDENCE_CHARS),
      })),
  };
}

/** Every question of a run, streamed in batches; `withEvidence` keeps each question's lowest-scored answer. */
export async function readRunQuestions(db: StoreApi, runId: string, withEvidence: boolean): Promise<RunQuestions> {
  const questions = new Map<string, RunQuestion>();
  let afterId = 0;
  for (;;) {
    const batch = await db.results.batch(runId, afterId, BATCH);
    for (const result of batch) {
      const seen = questions.get(result.questionId) ?? { scoreSum: 0, scored: 0, degraded: 0, evidence: undefined };
      const scored = result.status === 'scored' && result.score !== null;
      const worse = scored && withEvidence && (seen.evidence === undefined || result.score! < seen.evidence.score);
      questions.set(result.questionId, {
        scoreSum: seen.scoreSum + (scored ? result.score! : 0),
        scored: seen.scored + (scored ? 1 : 0),
        degraded: seen.degraded + (result.status === 'degraded' ? 1 : 0),
        evidence: worse ? evidenceOf(result) : seen.evidence,
      });
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return questions;
    afterId = last.id;
  }
}

/** Mean question score over a run's scored results among `ids`, and the share of the planned results that were scored. */
export function subsetScore(
  run: RunQuestions,
  ids: ReadonlySet<string>,
  repeat: number,
): Readonly<{ mean: number | null; coverage: number; degraded: number }> {
  let sum = 0;
  let scored = 0;
  let degraded = 0;
  for (const id of ids) {
    const question = run.get(id);
    if (!question) continue;
    sum += question.scoreSum;
    scored += question.scored;
    degraded += question.degraded;
  }
  const planned = ids.size * repeat;
  return { mean: scored > 0 ? sum / scored : null, coverage: planned > 0 ? scored / planned : 0, degraded };
}

/** Per question, the mean score over several runs (null when no run scored it). */
export function meanOverRuns(runs: readonly RunQuestions[]): Map<string, number | null> {
  const means = new Map<string, number | null>();
  const ids = new Set(runs.flatMap((run) => [...run.keys()]));
  for (const id of ids) {
    let sum = 0;
    let scored = 0;
    for (const run of runs) {
      const question = run.get(id);
      sum += question?.scoreSum ?? 0;
      scored += question?.scored ?? 0;
    }
    means.set(id, scored > 0 ? sum / scored : null);
  }
  return means;
}
