// Runs two or more variants of a target side by side on its dataset, one stored run (an experiment) per variant:
// system prompts ("Compare prompts") or provider/model pairs under one prompt ("Compare models").
import type { VariantComparison, VariantResult } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { ModelOverride } from '../run/start-run';
import type { PromptRunner } from './measure';
import { meanOverRuns, readRunQuestions, type RunQuestions } from './run-questions';
import { messageOf } from '../../../src-shared/text/message-of';

/** One column of a comparison: the prompt it runs with, and the model when it is not the target's. */
export type CompareArm = Readonly<{ prompt: string; model?: ModelOverride }>;

export type CompareRequest = Readonly<{ targetId: string; arms: readonly CompareArm[]; repeat: number }>;

/** What a variant's run records as the reason it differs from aieval.yaml ("model comparison, local/qwen3:8b"). */
export function variantLabel(arm: CompareArm, index: number, count: number): string {
  return arm.model
    ? `model comparison, ${arm.model.provider}/${arm.model.model}`
    : `prompt comparison, variant ${index + 1}/${count}`;
}

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
  const { targetId, arms, repeat } = request;
  const variants: VariantResult[] = [];
  const perVariant: RunQuestions[] = [];
  for (const [index, arm] of arms.entries()) {
    const promptVariant = variantLabel(arm, index, arms.length);
    const label = promptVariant.replace(/^\w+ comparison, /, '');
    const { prompt, model } = arm;
    const empty = {
      index,
      prompt,
      provider: model?.provider ?? null,
      model: model?.model ?? null,
      runId: null,
      status: null,
      avgScore: null,
      passRate: null,
    };
    if (signal.aborted) {
      variants.push({ ...empty, error: 'not run: the comparison was cancelled' });
      perVariant.push(new Map());
      continue;
    }
    try {
      const started = await deps.startRun(
        { targetId, systemPrompt: prompt, ...(model ? { model } : {}), promptVariant, questionIds: null, repeat },
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
      const why = messageOf(error);
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
