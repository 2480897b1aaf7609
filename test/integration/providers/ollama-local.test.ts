import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src-main/workspace/load-workspace';
import type { ValidWorkspace } from '../../../src-main/engine/run/plan';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import type { FakeOllamaOptions } from '../../fixtures/fake-ollama-runtime';
import { isJudgePrompt, judgeScript } from '../../fixtures/fake-scripts';
import { localWorkspace, runLocal, type LocalSpec } from './ollama-local.fixtures';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function fakeOllama(ollama: FakeOllamaOptions = {}): Promise<FakeProviderServer> {
  server = await startFakeProviderServer({
    models: ['m1', 'judge-model'],
    script: judgeScript({ score: 4, reason: 'on topic' }),
    ollama,
  });
  return server;
}

async function resultsOf(run: Awaited<ReturnType<typeof runLocal>>) {
  return (await run.db.resultPages.page({ runId: run.runId, offset: 0, limit: 100, sort: 'question' })).rows;
}

/** About 2,500 tokens of question: with the judge template and the answer, a judge prompt far over 2,048 tokens. */
const LONG_QUESTION = (index: number) =>
  `Question ${index + 1}. ${'The reading room rules say quiet study, no food, and books return by the desk. '.repeat(125)}`;

describe('context windows on Ollama', () => {
  it('a judge prompt cut by a 2,048-token window is an error on the grader; with the engine-sized num_ctx it scores', async () => {
    const fake = await fakeOllama();
    const cut = await runLocal(
      localWorkspace({ baseUrl: fake.url, questions: 2, input: LONG_QUESTION, judge: { num_ctx: 2048 } }),
    );
    const cutRows = await resultsOf(cut);
    expect(cutRows).toHaveLength(2);
    for (const row of cutRows) {
      expect(row.status).toBe('degraded');
      expect(row.score).toBeNull();
      expect(row.error).toMatch(/^relevance_grader: the judge saw a truncated prompt: 2048 of \d{4} tokens$/);
    }
    const judgeCalls = fake.requests.filter((request) => request.model === 'judge-model');
    expect(judgeCalls.map((request) => (request.body.options as { num_ctx?: number }).num_ctx)).toEqual([2048, 2048]);

    fake.requests.length = 0;
    const sized = await runLocal(localWorkspace({ baseUrl: fake.url, questions: 2, input: LONG_QUESTION }));
    const rows = await resultsOf(sized);
    expect(rows.map((row) => [row.status, row.score, row.error])).toEqual([
      ['scored', 4, null],
      ['scored', 4, null],
    ]);
    const windows = (await sized.db.runs.get(sized.runId))!.identity.local!.windows;
    const judgeWindow = windows.find((window) => window.model === 'judge-model')!;
    expect(judgeWindow).toMatchObject({ source: 'sized', modelMax: 131072 });
    expect(judgeWindow.numCtx).toBeGreaterThan(2048);
    // One value per model for the whole run.
    const sent = new Set(
      fake.requests
        .filter((request) => request.model === 'judge-model')
        .map((request) => (request.body.options as { num_ctx?: number }).num_ctx),
    );
    expect([...sent]).toEqual([judgeWindow.numCtx]);
  });

  it('a target prompt cut by its window degrades the question, keeps the answer and asks no judge', async () => {
    const fake = await fakeOllama();
    const run = await runLocal(
      localWorkspace({ baseUrl: fake.url, questions: 1, input: LONG_QUESTION, target: { num_ctx: 2048 } }),
    );
    const [row] = await resultsOf(run);
    expect(row).toMatchObject({ status: 'degraded', score: null });
    expect(row!.error).toMatch(
      /^the target saw a truncated prompt: 2048 of \d{4} tokens \(raise num_ctx; not graded\)$/,
    );
    const detail = await run.db.results.get(row!.id);
    expect(detail!.response).not.toBeNull();
    expect(detail!.metrics).toMatchObject({ promptEvalCount: 2048, numCtx: 2048 });
    expect(fake.requests.some(isJudgePrompt)).toBe(false);
  });
});

describe('a run planned for one GPU', () => {
  const spec = (url: string, settings: Record<string, unknown> = {}): LocalSpec => ({
    baseUrl: url,
    questions: 6,
    settings: { concurrency: 2, ...settings },
  });

  it('phased: every target call first, then the judge; two model loads instead of one per switch', async () => {
    const fake = await fakeOllama({ loadMs: 600, modelsThatFit: 1 });
    const run = await runLocal(localWorkspace(spec(fake.url)));
    expect(run.finished.status).toBe('complete');
    const models = fake.requests.map((request) => request.model);
    expect(models).toEqual([...Array(6).fill('m1'), ...Array(6).fill('judge-model')]);
    expect(fake.ollama.loads).toBe(2);
    expect(fake.requests.every((request) => request.body.keep_alive === '30m')).toBe(true);
    const local = (await run.db.runs.get(run.runId))!.identity.local!;
    expect(local.schedule).toBe('phased');
    expect(local.modelLoads.count).toBe(2);
    expect(local.modelLoads.totalMs).toBeGreaterThanOrEqual(1200);
    const phases = run.progress.flatMap((update) => (update.phase ? [update.phase.name] : []));
    expect(phases).toContain('answering');
    expect(phases.at(-1)).toBe('judging');
    const rows = await resultsOf(run);
    expect(rows.map((row) => row.score)).toEqual(Array(6).fill(4));
    const detail = await run.db.results.get(rows[0]!.id);
    expect(detail!.metrics).toMatchObject({ evalCount: expect.any(Number), promptEvalCount: expect.any(Number) });
    const judgeWindow = local.windows.find((window) => window.model === 'judge-model')!.numCtx;
    expect(detail!.judgeCalls[0]!.metrics).toMatchObject({ promptEvalCount: expect.any(Number), numCtx: judgeWindow });
  });

  it('interleaved (settings.ollama.schedule) alternates models per question and pays a load each time', async () => {
    const fake = await fakeOllama({ loadMs: 600, modelsThatFit: 1 });
    const run = await runLocal(localWorkspace(spec(fake.url, { ollama: { schedule: 'interleaved' } })));
    expect(run.finished.status).toBe('complete');
    const local = (await run.db.runs.get(run.runId))!.identity.local!;
    expect(local.schedule).toBe('interleaved');
    expect(fake.ollama.loads).toBeGreaterThan(4);
    expect(local.modelLoads.count).toBe(fake.ollama.loads);
  });

  it('a phased run cancelled while judging resumes (interleaved) without asking the target again', async () => {
    const fake = await fakeOllama();
    fake.script = (request) =>
      isJudgePrompt(request) ? { text: '{"score": 4, "reason": "x"}', delayMs: 5000 } : { text: 'answer' };
    const workspace = localWorkspace({ ...spec(fake.url), questions: 4 });
    const first = await runLocal(workspace, { cancelWhen: (update) => update.phase?.name === 'judging' });
    expect(first.finished.status).toBe('cancelled');
    expect(await first.db.answered.keys(first.runId)).toHaveLength(4);
    expect(await first.db.results.doneKeys(first.runId)).toHaveLength(0);

    fake.script = judgeScript({ score: 3, reason: 'fine' });
    const targetCalls = () => fake.requests.filter((request) => !isJudgePrompt(request)).length;
    expect(targetCalls()).toBe(4);
    const interleaved = reloadWith(workspace, { ollama: { schedule: 'interleaved' } });
    const resumed = await runLocal(interleaved, { store: first.store, resume: first.runId });
    expect(resumed.finished.status).toBe('complete');
    expect(targetCalls()).toBe(4);
    expect((await resultsOf(resumed)).map((row) => row.score)).toEqual([3, 3, 3, 3]);
    expect(await first.db.answered.keys(first.runId)).toHaveLength(0);
  });
});

describe('concurrency that fits the server', () => {
  it('an Ollama target without a concurrency setting measures it: up from 1 while throughput rises', async () => {
    const fake = await fakeOllama({ parallel: 2 });
    // Long enough that the client's own work per question (tens of ms on a busy machine) stays under the 15% a rise needs.
    fake.script = () => ({ text: 'ok', delayMs: 300 });
    const run = await runLocal(
      localWorkspace({ baseUrl: fake.url, questions: 40, graders: ['format_grader'], settings: {} }),
    );
    const local = (await run.db.runs.get(run.runId))!.identity.local!;
    expect(local.concurrency).toEqual({ value: 2, measured: true });
    expect(run.progress.at(-1)!.local!.concurrency).toEqual({ value: 2, measured: true });
  });

  it('an explicit setting wins', async () => {
    const fake = await fakeOllama({ parallel: 2 });
    const run = await runLocal(
      localWorkspace({ baseUrl: fake.url, questions: 3, graders: ['format_grader'], settings: { concurrency: 5 } }),
    );
    expect((await run.db.runs.get(run.runId))!.identity.local!.concurrency).toEqual({ value: 5, measured: false });
  });
});

/** The same workspace folder with other settings (the dataset and target unchanged, so a resume is allowed). */
function reloadWith(workspace: ValidWorkspace, settings: Record<string, unknown>): ValidWorkspace {
  const config = { ...workspace.config, settings: { ...workspace.config.settings, ...settings } };
  writeFileSync(join(workspace.dir, 'aieval.yaml'), stringify(config));
  return loadWorkspace(workspace.dir) as ValidWorkspace;
}
