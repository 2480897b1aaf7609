// Runs two or more system prompt variants of a target side by side on its dataset, one stored run per variant.
import type { VariantComparison, VariantResult } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { PromptRunner } from './measure';
import { meanOverRuns, readRunQuestions, type RunQuestions } from './run-questions';

export type CompareRequest = Readonly<{ targetId: string; prompts: readonly string[]; repeat: number }>;

export type CompareDeps = Readonly<{
  db: StoreApi;
  startRun: PromptRunner;
  progress: (message: string, runId?: string) => void;
}>;

/** Each variant runs in turn (a target runs one run at a time); a failed variant is reported and the others still run. */
export async function compareVariants(
  request: CompareRequest,
  deps: CompareDeps,
  signal: AbortSignal,
): Promise<VariantComparison> {
  const { targetId, prompts, repeat } = request;
  const variants: VariantResult[] = [];
  const perVariant: RunQuestions[] = [];
  for (const [index, prompt] of prompts.entries()) {
    const label = `variant ${index + 1}/${prompts.length}`;
    const empty = { index, prompt, runId: null, status: null, avgScore: null, passRate: null };
    if (signal.aborted) {
      variants.push({ ...empty, error: 'not run: the comparison was cancelled' });
      perVariant.push(new Map());
      continue;
    }
    try {
      const started = await deps.startRun(
        { targetId, systemPrompt: prompt, promptVariant: `prompt comparison, ${label}`, questionIds: null, repeat },
        signal,
      );
      deps.progress(`${targetId}: ${label} started (${started.runId})`, started.runId);
      const finished = await started.finished;
      const verdict = finished.verdict;
      variants.push({
        ...empty,
        runId: started.runId,
        status: finished.status,
        avgScore: verdict?.avg_score ?? null,
        passRate: verdict?.pass_rate ?? null,
        error: finished.error,
      });
      perVariant.push(await readRunQuestions(deps.db, started.runId, false));
      const score = verdict?.avg_score;
      deps.progress(
        `${targetId}: ${label} ${finished.status}${score === null || score === undefined ? '' : `, avg_score ${score.toFixed(2)}`}`,
        started.runId,
      );
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      variants.push({ ...empty, error: why });
      perVariant.push(new Map());
      deps.progress(`${targetId}: ${label} could not start: ${why}`);
    }
  }
  const means = perVariant.map((run) => meanOverRuns([run]));
  const ids = [...new Set(perVariant.flatMap((run) => [...run.keys()]))].sort();
  return {
    targetId,
    repeat,
    variants,
    questions: ids.map((questionId) => ({ questionId, scores: means.map((m) => m.get(questionId) ?? null) })),
  };
}
