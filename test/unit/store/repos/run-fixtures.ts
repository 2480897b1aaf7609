// Test builders for runs and question results in a store.
import type { GraderResult, RunIdentity, Verdict } from '../../../../src-shared/model';
import type { NewQuestionResult } from '../../../../src-main/store/repos/results.repo';
import type { NewRun } from '../../../../src-main/store/repos/runs.repo';
import { Store } from '../../../../src-main/store/store';

/** The one grader result every `newResult` carries. */
export const formatGraderResult: GraderResult = {
  graderId: 'format_grader',
  status: 'scored',
  score: 4,
  minScore: 0,
  maxScore: 5,
  score0to5: 4,
  reason: 'ok',
  checks: null,
};

/** A passing avg_score verdict over three scored questions. */
export const verdict = (over: Partial<Verdict> = {}): Verdict => ({
  gate_metric: 'avg_score',
  gate_type: 'hard',
  threshold: 3.5,
  passed: true,
  reason: 'avg_score 4.00 ≥ 3.50',
  avg_score: 4,
  pass_rate: 1,
  pass_rate_ci: [0.5, 1],
  coverage: 1,
  corrected_pass_rate: null,
  judges: [],
  question_pass_threshold: 3.5,
  counts: { total: 3, scored: 3, unscored: 0, degraded: 0, passed: 3 },
  ...over,
});

export function identity(over: Partial<RunIdentity> = {}): RunIdentity {
  return {
    targetId: 't1',
    mode: 'chat',
    provider: { name: 'local', kind: 'ollama', baseUrl: null },
    model: 'm1',
    generation: {},
    generationSent: null,
    systemPrompt: '',
    systemPromptSha256: 'e3b0',
    dataset: { id: 'd1', version: '1.0.0', sha256: 'abc' },
    graders: ['format_grader'],
    judges: [],
    judgeTemplates: {},
    rubrics: [],
    tools: [],
    endpoint: null,
    maxSteps: null,
    questionPassThreshold: 3.5,
    gate: { metric: 'avg_score', threshold: 3.5, type: 'hard' },
    selection: { questionIds: null, repeat: 1, shard: null },
    regradeOf: null,
    appVersion: '0.1.0',
    source: 'manual',
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

export function newRun(id: string, over: Partial<NewRun> = {}): NewRun {
  return {
    id,
    targetId: 't1',
    source: 'manual',
    datasetId: 'd1',
    datasetVersion: '1.0.0',
    datasetSha256: 'abc',
    repeat: 1,
    shard: null,
    total: 3,
    identity: identity(),
    createdAt: 1000,
    ...over,
  };
}

export function newResult(runId: string, questionId: string, over: Partial<NewQuestionResult> = {}): NewQuestionResult {
  return {
    runId,
    questionId,
    repeatIndex: 0,
    status: 'scored',
    score: 4,
    passed: true,
    response: `answer to ${questionId}`,
    transcript: [{ role: 'user', content: questionId }],
    toolCalls: null,
    error: null,
    attempts: 1,
    latencyMs: 10,
    inputTokens: 5,
    outputTokens: 7,
    costUsd: null,
    finishReason: 'stop',
    createdAt: 2000,
    graders: [formatGraderResult],
    judgeCalls: [],
    ...over,
  };
}

/** A fresh in-memory store holding the runs `ids` (built by `newRun`, no results yet). */
export function storeWithRuns(...ids: string[]): Store {
  const store = Store.open(':memory:');
  for (const id of ids) store.repos.runs.insert(newRun(id));
  return store;
}
