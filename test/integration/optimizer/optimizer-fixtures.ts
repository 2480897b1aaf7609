// Test helper for the optimizer: a workspace on the fake provider server whose judge scores answers by the prompt
// that wrote them plus a per-run offset, so a test decides exactly how good and how noisy each prompt is.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../../../src-main/app/create-app';
import type { OptimizerFinished, OptimizerJob, OptimizerProgress } from '../../../src-shared/model';
import type { FakeRequest, FakeScript } from '../../fixtures/fake-provider-server';
import { isJudgePrompt, lastUserText } from '../../fixtures/fake-scripts';

export const PROPOSER_MODEL = 'proposer-model';

/** How the scripted judge scores: a base score per prompt marker (the prompt's first line) and an offset per run. */
export type Scoring = Readonly<{
  base: (marker: string, questionId: string) => number;
  /** One offset per run, in the order the runs happen; the last repeats. */
  runOffsets: readonly number[];
  questionsPerRun: number;
}>;

/** The target answers `PROMPT[<first line of its system prompt>] Q[<question>]`, so the judge knows who wrote it. */
export function optimizerScript(scoring: Scoring, proposals: string[], proposerRequests: FakeRequest[]): FakeScript {
  let judgeCalls = 0;
  return (request) => {
    if (request.model === PROPOSER_MODEL) {
      proposerRequests.push(request);
      return { text: `\`\`\`\n${proposals.shift() ?? 'NO MORE PROPOSALS'}\n\`\`\`` };
    }
    if (isJudgePrompt(request)) {
      const prompt = request.messages.map((message) => message.content).join('\n');
      const answer = /<agent_response>[\s\S]*?PROMPT\[([^\]]*)\] Q\[question (\w+)\][\s\S]*?<\/agent_response>/.exec(
        prompt,
      );
      const run = Math.floor(judgeCalls / scoring.questionsPerRun);
      judgeCalls += 1;
      const offset = scoring.runOffsets[Math.min(run, scoring.runOffsets.length - 1)] ?? 0;
      const score = answer ? scoring.base(answer[1] ?? '', answer[2] ?? '') + offset : 0;
      return {
        text: JSON.stringify({
          score: Math.max(0, Math.min(5, score)),
          reason: `scored ${answer?.[1] ?? 'an unknown prompt'} at ${score.toFixed(2)}`,
        }),
      };
    }
    const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
    return { text: `PROMPT[${system.split('\n')[0] ?? ''}] Q[${lastUserText(request)}]` };
  };
}

const questions = (prefix: string, n: number, split?: string) =>
  Array.from({ length: n }, (_, i) => {
    const id = `${prefix}${String(i + 1).padStart(2, '0')}`;
    return `  - id: ${id}\n    input: question ${id}\n    criteria: Answers question ${id}.${split ? `\n    split: ${split}` : ''}\n`;
  }).join('');

export const CONFIG = (url: string, requireReview = true, mcpUrl = 'http://127.0.0.1:9/mcp') => `version: 1
# Optimizer test workspace: these comments must survive an applied candidate.
providers:
  local: { kind: ollama, base_url: ${url} }   # the fake provider server
judge:
  provider: local
  model: judge-model
settings:
  concurrency: 4
  rate_limit: { max_retries: 0, base_delay_ms: 1, delay_between_calls_ms: 0 }
  optimizer:
    candidate_runs: 3
    improvement_margin: 0.4
    max_attempts: 3
    min_dataset_size: 15
    require_review: ${requireReview}
    proposer: { provider: local, model: ${PROPOSER_MODEL} }
targets:
  - id: helpdesk_chat
    label: Help desk
    provider: local
    model: target-model
    # The prompt under test.
    system_prompt: |
      BASELINE
      Answer library questions.
    dataset: helpdesk
    graders: [relevance_grader]
    gate: { metric: avg_score, threshold: 3.5, type: hard }   # below the gate at first
  - id: small_chat
    provider: local
    model: target-model
    system_prompt: BASELINE
    dataset: small
    graders: [relevance_grader]
  - id: split_chat
    provider: local
    model: target-model
    system_prompt: BASELINE
    dataset: splitset
    graders: [relevance_grader]
  - id: helpdesk_agent
    mode: agent
    provider: local
    model: target-model
    system_prompt: BASELINE
    tools:
      - { name: crm, url: ${mcpUrl} }
    dataset: helpdesk
    graders: [relevance_grader]
  - id: external_agent
    mode: agent
    provider: local
    model: target-model
    endpoint: http://127.0.0.1:9/agent
    dataset: helpdesk
    graders: [relevance_grader]
`;

/** A workspace folder with helpdesk (15 questions), small (8) and splitset (15 train + 5 test); chat and agent targets. */
export function optimizerWorkspace(url: string, requireReview = true, mcpUrl?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-opt-'));
  mkdirSync(join(dir, 'datasets'));
  writeFileSync(join(dir, 'aieval.yaml'), CONFIG(url, requireReview, mcpUrl));
  writeFileSync(join(dir, 'datasets', 'helpdesk.yaml'), `id: helpdesk\nquestions:\n${questions('h', 15)}`);
  writeFileSync(join(dir, 'datasets', 'small.yaml'), `id: small\nquestions:\n${questions('s', 8)}`);
  writeFileSync(
    join(dir, 'datasets', 'splitset.yaml'),
    `id: splitset\nquestions:\n${questions('tr', 15, 'train')}${questions('te', 5, 'test')}`,
  );
  return dir;
}

/** Calls the service in-process and waits for optimizer jobs through its events. */
export function optimizerClient(app: App) {
  const finished = new Map<string, OptimizerFinished>();
  const waiters = new Map<string, () => void>();
  const progress: OptimizerProgress[] = [];
  app.events.subscribe((name, payload) => {
    if (name === 'optimizer.progressed') progress.push(payload as OptimizerProgress);
    if (name !== 'optimizer.finished') return;
    const end = payload as OptimizerFinished;
    finished.set(end.jobId, end);
    waiters.get(end.jobId)?.();
  });
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const envelope = await app.dispatch(method, input, { transport: 'in-process' });
    if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), { code: envelope.error.code });
    return envelope.value as T;
  };
  const job = async (jobId: string): Promise<OptimizerJob> => {
    if (!finished.has(jobId)) await new Promise<void>((resolve) => waiters.set(jobId, resolve));
    return call<OptimizerJob>('optimizer.job', { jobId });
  };
  return { call, job, progress };
}
