// Builders for run-engine tests: a workspace on disk, in-test providers and graders, and RunDeps over an in-memory store.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GRADER_CATALOG, type GraderId, type RunFinished, type RunProgress } from '../../../../src-shared/model';
import type { Grader, GradeOutcome } from '../../../../src-main/engine/grading/grader';
import { formatGrader } from '../../../../src-main/engine/grading/format.grader';
import {
  ProviderError,
  type ChatRequest,
  type ChatResponse,
  type Provider,
} from '../../../../src-main/engine/providers/provider';
import { chatCaller } from '../../../../src-main/engine/run/target-caller';
import type { RunDeps } from '../../../../src-main/engine/run/run-execution';
import { LimiterRegistry } from '../../../../src-main/engine/run/run-services';
import type { ValidWorkspace } from '../../../../src-main/engine/run/plan';
import { criteriaWithRubric } from '../../../../src-main/engine/grading/rubric/criteria-with-rubric';
import { inProcessStore, Store, type StoreApi } from '../../../../src-main/store/store';
import { writeValidWorkspace } from '../../../support/workspace';

export type WorkspaceSpec = Readonly<{
  questions?: number;
  graders?: GraderId[];
  systemPrompt?: string;
  gate?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  /** Extra question fields, by index. */
  questionExtras?: (index: number) => Record<string, unknown>;
}>;

/** Writes aieval.yaml and datasets/ds.yaml (target "t1", provider "p") into a new folder and loads it. */
export function makeWorkspace(
  spec: WorkspaceSpec = {},
  dir = mkdtempSync(join(tmpdir(), 'aieval-run-')),
): ValidWorkspace {
  const config = {
    version: 1,
    providers: { p: { kind: 'ollama', base_url: 'http://127.0.0.1:9' } },
    judge: { provider: 'p', model: 'judge-model' },
    settings: {
      concurrency: 3,
      rate_limit: { max_retries: 2, base_delay_ms: 1, delay_between_calls_ms: 0 },
      request_timeout_ms: 2000,
      ...spec.settings,
    },
    targets: [
      {
        id: 't1',
        provider: 'p',
        model: 'm1',
        system_prompt: spec.systemPrompt ?? 'Be brief.',
        generation: { temperature: 0.2 },
        dataset: 'ds',
        graders: spec.graders ?? ['format_grader'],
        gate: spec.gate ?? { metric: 'avg_score', threshold: 3.5, type: 'hard' },
      },
    ],
  };
  const questions = Array.from({ length: spec.questions ?? 5 }, (_, index) => ({
    id: `q${index + 1}`,
    input: `question ${index + 1}`,
    ...spec.questionExtras?.(index),
  }));
  return writeValidWorkspace(dir, config, questions);
}

export type Reply =
  string | ProviderError | ((request: ChatRequest, signal?: AbortSignal) => Promise<ChatResponse | string>);

export function response(text: string, request: ChatRequest): ChatResponse {
  return {
    text,
    toolCalls: [],
    model: request.model,
    finishReason: 'stop',
    rawFinishReason: 'stop',
    usage: { inputTokens: 3, outputTokens: 4 },
    latencyMs: 1,
    sent: request.generation ?? {},
  };
}

/** A provider that answers from `reply` (per request) and counts its calls. */
export function fakeProvider(reply: (request: ChatRequest) => Reply): Provider & { calls: ChatRequest[] } {
  const calls: ChatRequest[] = [];
  return {
    name: 'p',
    kind: 'ollama',
    calls,
    listModels: async () => [],
    async chat(request, signal) {
      calls.push(request);
      const answer = reply(request);
      if (answer instanceof ProviderError) throw answer;
      if (typeof answer === 'string') return response(answer, request);
      const result = await answer(request, signal);
      return typeof result === 'string' ? response(result, request) : result;
    },
  };
}

/** A grader posing as `id` that answers `outcome(response)`. */
export function testGrader(id: GraderId, outcome: (response: string) => GradeOutcome | Promise<GradeOutcome>): Grader {
  return { info: GRADER_CATALOG[id], grade: async (context) => outcome(context.response) };
}

export type Harness = {
  store: Store;
  db: StoreApi;
  deps: RunDeps;
  progress: RunProgress[];
  finished: RunFinished[];
};

export function harness(
  workspace: ValidWorkspace,
  provider: Provider,
  options: Readonly<{ graders?: Grader[]; store?: Store; deps?: Partial<RunDeps> }> = {},
): Harness {
  const store = options.store ?? Store.open(':memory:');
  const db = inProcessStore(store);
  const progress: RunProgress[] = [];
  const finished: RunFinished[] = [];
  const graders = new Map<GraderId, Grader>(
    (options.graders ?? [formatGrader]).map((grader) => [grader.info.id, grader]),
  );
  const deps: RunDeps = {
    db,
    workspace,
    trusted: true,
    clock: Date.now,
    appVersion: '0.0.0-test',
    graders,
    limiters: new LimiterRegistry(),
    makeProvider: () => provider,
    callerFor: (plan, services) => chatCaller(plan, services),
    criteriaOf: criteriaWithRubric,
    judgeTemplates: () => ({ default: '1' }),
    onProgress: (update) => progress.push(update),
    onFinished: (end) => finished.push(end),
    progressIntervalMs: 20,
    ...options.deps,
  };
  return { store, db, deps, progress, finished };
}

export const selection = (
  over: Partial<{
    questionIds: string[] | null;
    repeat: number;
    shard: { index: number; count: number } | null;
    adaptive: boolean;
  }> = {},
) => ({
  questionIds: null,
  repeat: 1,
  shard: null,
  ...over,
});
