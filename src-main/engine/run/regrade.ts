// `ai-eval regrade RUN`: re-scores a run's stored responses with the current graders into a new run, never calling the target.
import { DEFAULT_CONCURRENCY, type Question, type ResultDetail, type RunSource } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { Answered } from './execute-question';
import { executeRun, resultKey, type PreparedRun, type RunDeps, type WorkItem } from './run-execution';
import { PlanError, planRun } from './plan';
import { formatShard } from './shard';
import { createLockedRun, identityFor, servicesFor, type StartedRun } from './start-run';
import { eachStoredResult } from './stored-results';

export type RegradeOptions = Readonly<{ source: RunSource; concurrency?: number }>;

export async function startRegrade(
  sourceRunId: string,
  deps: RunDeps,
  options: RegradeOptions,
  signal: AbortSignal,
): Promise<StartedRun> {
  const sourceRun = await deps.db.runs.get(sourceRunId);
  if (!sourceRun) throw new PlanError(`no run "${sourceRunId}" in this workspace's store`);
  if (sourceRun.status === 'pending' || sourceRun.status === 'running') {
    throw new PlanError(`run ${sourceRunId} is ${sourceRun.status}; let it finish (or resume it) before regrading`);
  }
  // The graders, judges and thresholds are today's; the answers (and what produced them) are the source run's.
  const plan = planRun(
    deps.workspace,
    sourceRun.targetId,
    { questionIds: null, repeat: 1, shard: null },
    deps.graders,
    true,
  );
  const was = sourceRun.identity;
  const identity = {
    ...identityFor(deps, plan, options.source, sourceRunId),
    mode: was.mode,
    provider: was.provider,
    model: was.model,
    generation: was.generation,
    generationSent: was.generationSent,
    systemPrompt: was.systemPrompt,
    systemPromptSha256: was.systemPromptSha256,
    tools: was.tools,
    endpoint: was.endpoint,
    maxSteps: was.maxSteps,
    selection: was.selection,
  };
  const concurrency = options.concurrency ?? deps.workspace.config.settings.concurrency ?? DEFAULT_CONCURRENCY;
  // The judges' connections first: a key restricted mode withholds refuses the regrade before its row or any request.
  const services = servicesFor(deps, plan, concurrency, true);
  const { runId, lock } = await createLockedRun(deps, identity, {
    source: options.source,
    repeat: sourceRun.repeat,
    shard: formatShard(was.selection.shard),
    total: sourceRun.total,
  });
  const questions = new Map(plan.dataset.questions.map((question) => [question.id, question]));
  const prepared: PreparedRun = {
    runId,
    plan,
    identity,
    total: sourceRun.total,
    concurrency,
    lock,
    services,
    items: (done) => storedItems(deps.db, sourceRunId, questions, plan.dataset.dataset.id, done),
    caller: undefined,
  };
  return { runId, plan, total: sourceRun.total, finished: executeRun(prepared, deps, signal) };
}

/** Streams the source run's results in id order, a batch at a time, as work items carrying their stored answers. */
async function* storedItems(
  db: StoreApi,
  sourceRunId: string,
  questions: ReadonlyMap<string, Question>,
  datasetId: string,
  done: ReadonlySet<string>,
): AsyncGenerator<WorkItem> {
  for await (const stored of eachStoredResult(db, sourceRunId)) {
    if (done.has(resultKey(stored.questionId, stored.repeatIndex))) continue;
    const question = questions.get(stored.questionId);
    yield question
      ? { question, repeatIndex: stored.repeatIndex, stored: answeredFrom(stored) }
      : {
          question: {
            id: stored.questionId,
            input: stored.transcript.findLast((turn) => turn.role === 'user')?.content ?? '(unknown)',
          },
          repeatIndex: stored.repeatIndex,
          stored: {
            ...answeredFrom(stored),
            answer: null,
            error: `question "${stored.questionId}" is no longer in dataset "${datasetId}"; not re-graded`,
          },
        };
  }
}

function answeredFrom(stored: ResultDetail): Answered {
  const answered = stored.response !== null;
  return {
    messages: answered ? stored.transcript.slice(0, -1) : stored.transcript,
    answer: answered
      ? {
          response: stored.response ?? '',
          toolCalls: stored.toolCalls ?? undefined,
          latencyMs: stored.latencyMs,
          inputTokens: stored.inputTokens,
          outputTokens: stored.outputTokens,
          costUsd: stored.costUsd,
          finishReason: stored.finishReason,
          sent: null,
        }
      : null,
    error: answered ? null : (stored.error ?? 'the target call failed in the source run'),
    attempts: stored.attempts,
  };
}
