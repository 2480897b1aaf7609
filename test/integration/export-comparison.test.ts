// A matrix column exported against its baseline: the EEE aggregate carries the paired comparison as two more results,
// valid against the committed EEE schema and its semantic checks, with the matrix's own numbers.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src-main/app/create-app';
import type { EeeAggregate } from '../../src-main/engine/export/eee-types';
import type { ExportOutcome, RunMatrix } from '../../src-shared/model';
import { startFakeProviderServer, type FakeProviderServer } from '../fixtures/fake-provider-server';
import { isJudgePrompt, lastUserText } from '../fixtures/fake-scripts';
import { createTestApp } from '../support/app';
import { exportedProblems } from '../support/eee';
import { optimizerClient, optimizerScript, optimizerWorkspace } from './optimizer-fixtures';

const QUESTIONS = 15;

const aggregateOf = (outcome: ExportOutcome) => outcome.files.find((file) => file.kind === 'aggregate')!.path;

describe('EEE export of a compared run', () => {
  let server: FakeProviderServer;
  let app: App | undefined;

  beforeAll(async () => {
    server = await startFakeProviderServer();
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await app?.dispose();
    app = undefined;
  });

  it('adds the score and pass-rate differences against the baseline run, equal to the matrix’s statistics', async () => {
    server.script = optimizerScript(
      { base: (marker) => (marker === 'GOOD' ? 4.5 : 2), runOffsets: [0], questionsPerRun: QUESTIONS },
      [],
      [],
    );
    const script = server.script;
    server.script = (request) =>
      request.model === 'better-model' && !isJudgePrompt(request)
        ? { text: `PROMPT[GOOD] Q[${lastUserText(request)}]` }
        : script(request);
    app = createTestApp(optimizerWorkspace(server.url));
    const { call, job } = optimizerClient(app);
    const models = [
      { provider: 'local', model: 'target-model' },
      { provider: 'local', model: 'better-model' },
    ];
    const { jobId } = await call<{ jobId: string }>('optimizer.compareModels', { targetId: 'helpdesk_chat', models });
    const [baseline, compared] = (await job(jobId)).comparison!.variants.map((variant) => variant.runId!) as [
      string,
      string,
    ];
    const matrix = await call<RunMatrix>('runs.matrix', { runIds: [baseline, compared] });
    const expected = matrix.columns[1]!.vsBaseline!;
    expect(expected).toMatchObject({ paired: QUESTIONS, improved: QUESTIONS, worsened: 0 });

    const outcome = await call<ExportOutcome>('export.run', {
      runId: compared,
      outputDir: 'out',
      baselineRunId: baseline,
    });
    expect(outcome.problems).toEqual([]);
    const path = aggregateOf(outcome);
    expect(await exportedProblems(path)).toEqual([]);
    const aggregate = JSON.parse(readFileSync(path, 'utf8')) as EeeAggregate;
    const byMetric = new Map(aggregate.evaluation_results.map((result) => [result.metric_config.metric_id, result]));
    const baselineEvaluationId = JSON.parse(
      readFileSync(aggregateOf(await call<ExportOutcome>('export.run', { runId: baseline, outputDir: 'out' })), 'utf8'),
    ).evaluation_id as string;

    const score = byMetric.get('aieval.vs_baseline_score')!;
    expect(score.evaluation_result_id).toBe('helpdesk.vs_baseline_score');
    expect(score.metric_config).toMatchObject({
      min_score: -5,
      max_score: 5,
      lower_is_better: false,
      additional_details: { baseline_run_id: baseline, baseline_evaluation_id: baselineEvaluationId },
    });
    expect(score.score_details.score).toBe(expected.scoreDifference!.estimate);
    expect(score.score_details.score).toBeCloseTo(2.5, 10);
    expect(score.score_details.uncertainty).toMatchObject({
      confidence_interval: {
        lower: expected.scoreDifference!.lower,
        upper: expected.scoreDifference!.upper,
        confidence_level: 0.95,
      },
      num_samples: QUESTIONS,
      num_bootstrap_samples: 10_000,
    });
    expect(score.score_details.details).toMatchObject({
      improved: String(QUESTIONS),
      worsened: '0',
      mcnemar_p: String(expected.mcnemarP),
      sentence: expected.sentence,
      baseline_run_id: baseline,
    });
    expect(Number(score.score_details.details!.mcnemar_p)).toBeLessThan(0.001); // 15 of 15 discordant pairs one way

    const passRate = byMetric.get('aieval.vs_baseline_pass_rate')!;
    expect(passRate.metric_config).toMatchObject({ min_score: -1, max_score: 1 });
    expect(passRate.score_details.score).toBe(expected.passRateDifference);
    expect(passRate.score_details.score).toBe(1);

    // Without a baseline the export has no comparison; a run is not its own baseline; an unknown baseline is named.
    const plain = JSON.parse(
      readFileSync(aggregateOf(await call<ExportOutcome>('export.run', { runId: compared })), 'utf8'),
    ) as EeeAggregate;
    expect(plain.evaluation_results.map((result) => result.metric_config.metric_id)).not.toContain(
      'aieval.vs_baseline_score',
    );
    await expect(call('export.run', { runId: compared, baselineRunId: compared })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('cannot be its own baseline'),
    });
    await expect(call('export.run', { runId: compared, baselineRunId: 'nope' })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('"nope"'),
    });
  }, 60_000);
});
