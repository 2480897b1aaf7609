// "Compare models" through the service: the target's prompt on several provider/model pairs, one experiment run each.
import { describe, expect, it } from 'vitest';
import type { HistoryPoint, RunDetail, RunMatrix } from '../../../src-shared/model';
import { isJudgePrompt, lastUserText } from '../../fixtures/fake-scripts';
import { createTestApp } from '../../support/app';
import { fakeProviderSuite } from '../../support/fake-provider-suite';
import { optimizerClient, optimizerScript, optimizerWorkspace } from './optimizer-fixtures';

const SCORE: Readonly<Record<string, number>> = { BASELINE: 2, GOOD: 4.5 };

describe('model comparison (fake provider server)', () => {
  const suite = fakeProviderSuite();

  function open(scoring: Parameters<typeof optimizerScript>[0]) {
    suite.server.script = optimizerScript(scoring, [], []);
    suite.app = createTestApp(optimizerWorkspace(suite.server.url));
    return optimizerClient(suite.app);
  }

  it('compares models: the target’s prompt on each provider/model pair, one experiment run each', async () => {
    const { call, job } = open({ base: (marker) => SCORE[marker] ?? 0, runOffsets: [0], questionsPerRun: 15 });
    // The better model answers the way the GOOD prompt does, so the judge scores it 4.5 against the baseline's 2.
    const script = suite.server.script;
    suite.server.script = (request) =>
      request.model === 'better-model' && !isJudgePrompt(request)
        ? { text: `PROMPT[GOOD] Q[${lastUserText(request)}]` }
        : script(request);
    const models = [
      { provider: 'local', model: 'target-model' },
      { provider: 'local', model: 'better-model' },
    ];
    const { jobId } = await call<{ jobId: string }>('optimizer.compareModels', { targetId: 'helpdesk_chat', models });
    const comparison = (await job(jobId)).comparison!;
    expect(comparison.variants.map((v) => [v.provider, v.model, v.status, v.avgScore])).toEqual([
      ['local', 'target-model', 'complete', 2],
      ['local', 'better-model', 'complete', 4.5],
    ]);
    const run = await call<RunDetail>('runs.get', { runId: comparison.variants[1]!.runId! });
    expect(run.identity).toMatchObject({
      model: 'better-model',
      provider: { name: 'local' },
      promptVariant: 'model comparison, local/better-model',
      systemPrompt: 'BASELINE\nAnswer library questions.\n',
    });
    const betterCalls = suite.server.requests.filter((r) => r.model === 'better-model');
    expect(betterCalls).toHaveLength(15);
    expect(betterCalls.every((r) => r.messages[0]?.content === 'BASELINE\nAnswer library questions.\n')).toBe(true);
    // Experiments stay out of the target's history.
    expect(await call<HistoryPoint[]>('targets.history', { targetId: 'helpdesk_chat' })).toEqual([]);
    const matrix = await call<RunMatrix>('runs.matrix', { runIds: comparison.variants.map((v) => v.runId!) });
    expect(matrix.columns.map((column) => [column.label, column.model])).toEqual([
      ['model comparison, local/target-model', 'target-model'],
      ['model comparison, local/better-model', 'better-model'],
    ]);
    expect(matrix.columns[1]!.vsBaseline!.sentence).toMatch(
      /^model comparison, local\/better-model is better by 2\.50 /,
    );

    // Refused up front, before any run: one model, a model twice, an unknown connection, an external agent.
    const refused = (input: object) =>
      expect(call('optimizer.compareModels', { targetId: 'helpdesk_chat', ...input })).rejects.toMatchObject({
        code: 'bad_input',
      });
    await refused({ models: models.slice(0, 1) });
    await refused({ models: [models[0], models[0]] });
    await expect(
      call('optimizer.compareModels', {
        targetId: 'helpdesk_chat',
        models: [models[0], { provider: 'cloud', model: 'x' }],
      }),
    ).rejects.toMatchObject({ code: 'bad_input', message: expect.stringContaining('no connection "cloud"') });
    await expect(call('optimizer.compareModels', { targetId: 'external_agent', models })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('an external agent answers it'),
    });
  });
});
