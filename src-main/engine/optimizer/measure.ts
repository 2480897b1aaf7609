// Runs one system prompt N times as ordinary stored runs and scores each run on the deciding questions.
import type { RunFinished, Verdict } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { ModelOverride } from '../run/start-run';
import { readRunQuestions, subsetScore, type RunQuestions } from './run-questions';

export type PromptRunRequest = Readonly<{
  targetId: string;
  /**
   * The system prompt to run with. The baseline passes the prompt it read at the start, so an edit of aieval.yaml
   * during a long optimization cannot change the baseline between its runs.
   */
  systemPrompt: string;
  /** Another connection and model than the target's (a model comparison); the target's when absent. */
  model?: ModelOverride;
  /** Why the run differs from aieval.yaml's, recorded in the run identity ("optimizer candidate …"); null for the baseline. */
  promptVariant: string | null;
  /** null: every enabled question of the target's dataset. */
  questionIds: readonly string[] | null;
  repeat: number;
}>;

export type StartedPromptRun = Readonly<{ runId: string; finished: Promise<RunFinished> }>;

/** Starts an ordinary run of a target (the run engine with a system prompt override); the service and the CLI provide it. */
export type PromptRunner = (request: PromptRunRequest, signal: AbortSignal) => Promise<StartedPromptRun>;

export type MeasureDeps = Readonly<{
  db: StoreApi;
  startRun: PromptRunner;
  progress: (message: string, runId?: string) => void;
}>;

export type Measured = Readonly<{
  runIds: readonly string[];
  /** Per-run avg_score on the deciding questions. */
  scores: readonly (number | null)[];
  runs: readonly RunQuestions[];
  verdicts: readonly Verdict[];
  /** Why the measurement cannot be trusted (a run that did not complete, an outage); null when it can. */
  problem: string | null;
  cancelled: boolean;
}>;

/** Below this share of scored deciding questions a run measures the outage, not the prompt. */
export const MIN_COVERAGE = 0.5;

export type MeasurePlan = Readonly<{
  request: PromptRunRequest;
  times: number;
  /** The questions whose scores decide (the held-out split, or the proposal questions). */
  deciding: ReadonlySet<string>;
  /** How progress lines name this prompt ("baseline", "attempt 2"). */
  what: string;
  /** Keep each question's worst answer for the failure summary (the baseline's runs). */
  withEvidence: boolean;
}>;

export async function measure(
  { request, times, deciding, what, withEvidence }: MeasurePlan,
  deps: MeasureDeps,
  signal: AbortSignal,
): Promise<Measured> {
  const runIds: string[] = [];
  const scores: (number | null)[] = [];
  const runs: RunQuestions[] = [];
  const verdicts: Verdict[] = [];
  const result = (problem: string | null, cancelled = false): Measured => ({
    runIds,
    scores,
    runs,
    verdicts,
    problem,
    cancelled,
  });
  for (let index = 1; index <= times; index += 1) {
    if (signal.aborted) return result('cancelled before every run finished', true);
    const started = await deps.startRun(request, signal);
    runIds.push(started.runId);
    deps.progress(`${what}: run ${index}/${times} started (${started.runId})`, started.runId);
    const finished = await started.finished;
    if (finished.status === 'cancelled' || signal.aborted) return result(`run ${started.runId} was cancelled`, true);
    if (finished.status !== 'complete' || !finished.verdict) {
      return result(`run ${started.runId} ended ${finished.status}${finished.error ? `: ${finished.error}` : ''}`);
    }
    const questions = await readRunQuestions(deps.db, started.runId, withEvidence);
    const subset = subsetScore(questions, deciding, request.repeat);
    runs.push(questions);
    verdicts.push(finished.verdict);
    scores.push(subset.mean);
    if (subset.coverage < MIN_COVERAGE) {
      return result(
        `run ${started.runId} scored ${Math.round(subset.coverage * 100)}% of the deciding questions (${subset.degraded} degraded); ` +
          'a provider or judge outage measures nothing about the prompt',
      );
    }
    const score = subset.mean === null ? 'nothing scored' : `avg_score ${subset.mean.toFixed(2)}`;
    deps.progress(
      `${what}: run ${index}/${times} complete, ${score} on ${deciding.size} deciding questions`,
      started.runId,
    );
  }
  return result(null);
}
