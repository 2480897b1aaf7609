// A matrix column exported against its baseline: the EEE aggregate carries the paired comparison as two more results,
// valid against the committed EEE schema and its semantic checks, with the matrix's own numbers.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EeeAggregate } from '../../../src-main/engine/export/eee/eee-types';
import type { ExportOutcome, RunMatrix } from '../../../src-shared/model';
import { isJudgePrompt, lastUserText } from '../../fixtures/fake-scripts';
import { createTestApp } from '../../support/app';
import { fakeProviderSuite } from '../../support/fake-provider-suite';
import { runCliInProcess } from '../../support/cli';
import { exportedProblems } from '../../support/eee';
import { optimizerClient, optimizerScript, optimizerWorkspace } from '../optimizer/optimizer-fixtures';

const QUESTIONS = 15;

const aggregateOf = (outcome: ExportOutcome) => outcome.files.find((file) => file.kind === 'aggregate')!.path;

describe('EEE export of a compared run', () => {
  const suite = fakeProviderSuite();

  /** The example's target on two models, the second better on every question: [baseline, compared] run ids. */
  async function comparedModels() {
    suite.server.script = optimizerScript(
      { base: (marker) => (marker === 'GOOD' ? 4.5 : 2), runOffsets: [0], questionsPerRun: QUESTIONS },
      [],
      [],
    );
    const script = suite.server.script;
    suite.server.script = (request) =>
      request.model === 'better-model' && !isJudgePrompt(request)
        ? { text: `PROMPT[GOOD] Q[${lastUserText(request)}]` }
        : script(request);
    const dir = optimizerWorkspace(suite.server.url);
    suite.app = createTestApp(dir);
    const { call, job } = optimizerClient(suite.app);
    const models = [
      { provider: 'local', model: 'target-model' },
      { provider: 'local', model: 'better-model' },
    ];
    const { jobId } = await call<{ jobId: string }>('optimizer.compareModels', { targetId: 'helpdesk_chat', models });
    const [baseline, compared] = (await job(jobId)).comparison!.variants.map((variant) => variant.runId!) as [
      string,
      string,
    ];
    return { dir, call, baseline, compared };
  }

  it('adds the score and pass-rate differences against the baseline run, equal to the matrix’s statistics', async () => {
    const { call, baseline, compared } = await comparedModels();
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
    // The pass-rate result says the pass-rate sentence, not the score's.
    expect(passRate.score_details.details!.sentence).toBe(
      `This run has a pass rate 100 points higher over ${QUESTIONS} questions (${QUESTIONS} pass only here, 0 only in the baseline); McNemar p < 0.001, beyond the noise`,
    );
    expect(passRate.score_details.details!.sentence).not.toBe(score.score_details.details!.sentence);

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

  it('ai-eval export-envelope --baseline: the named runs, or a selection, each but the baseline compared with it; a bad id is refused with exit 2 before anything is written', async () => {
    const { dir, call, baseline, compared } = await comparedModels();
    const expected = (await call<RunMatrix>('runs.matrix', { runIds: [baseline, compared] })).columns[1]!.vsBaseline!;
    await suite.app!.dispose();
    suite.app = undefined;
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-export-config-'));
    const out = mkdtempSync(join(tmpdir(), 'aieval-export-out-'));
    const cli = (...args: string[]) =>
      runCliInProcess(['export-envelope', '--workspace', dir, ...args], configDir, out);
    const comparisonOf = (path: string) => {
      const aggregate = JSON.parse(readFileSync(path, 'utf8')) as EeeAggregate;
      return aggregate.evaluation_results.find(
        (result) => result.metric_config.metric_id === 'aieval.vs_baseline_score',
      );
    };

    const named = await cli(compared, '--baseline', baseline, '--output-dir', 'named');
    expect(named.stderr).toBe('');
    expect(named.code).toBe(0);
    expect(named.stdout).toMatch(
      new RegExp(`^${compared}: .*\\.json \\+ \\d+ sample rows \\(compared with ${baseline}\\)$`, 'm'),
    );
    expect(named.stdout).toContain('Exported 1 of 1 run');
    const namedAggregate = /: (\S+\.json)/.exec(named.stdout)![1]!;
    expect(await exportedProblems(namedAggregate)).toEqual([]);
    expect(comparisonOf(namedAggregate)?.score_details).toMatchObject({
      score: expected.scoreDifference!.estimate,
      uncertainty: {
        confidence_interval: { lower: expected.scoreDifference!.lower, upper: expected.scoreDifference!.upper },
      },
      details: { baseline_run_id: baseline, sentence: expected.sentence },
    });

    const selected = await cli('--target', 'helpdesk_chat', '--baseline', baseline, '--output-dir', 'all', '--json');
    expect(selected.code).toBe(0);
    const outcomes = (JSON.parse(selected.stdout) as { runs: ExportOutcome[] }).runs;
    expect(outcomes.map((outcome) => outcome.runId).sort()).toEqual([baseline, compared].sort());
    for (const outcome of outcomes) {
      expect(outcome.problems).toEqual([]);
      const comparison = comparisonOf(aggregateOf(outcome));
      if (outcome.runId === baseline) expect(comparison).toBeUndefined();
      else expect(comparison?.score_details.score).toBe(expected.scoreDifference!.estimate);
    }

    const unknownBaseline = await cli(compared, '--baseline', 'nope', '--output-dir', 'refused');
    expect(unknownBaseline).toMatchObject({ code: 2, stdout: '' });
    expect(unknownBaseline.stderr).toBe(`error: no baseline run "nope" in this workspace's store`);
    const unknownRun = await cli(compared, 'nope', '--baseline', baseline, '--output-dir', 'refused');
    expect(unknownRun.code).toBe(2);
    expect(unknownRun.stderr).toBe(`error: no run "nope" in this workspace's store`);
    expect(existsSync(join(out, 'refused'))).toBe(false);
    const own = await cli(baseline, '--baseline', baseline, '--output-dir', 'own');
    expect(own.code).toBe(0); // the baseline named alone is exported as it is, and the line says why it has no comparison
    expect(own.stdout).toMatch(
      new RegExp(
        `^${baseline}: .*\\.json \\+ \\d+ sample rows \\(the baseline: a run is not compared with itself, so no comparison\\)$`,
        'm',
      ),
    );
    expect(comparisonOf(/: (\S+\.json)/.exec(own.stdout)![1]!)).toBeUndefined();

    const both = await cli(compared, '--target', 'helpdesk_chat', '--baseline', baseline);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(
      /^error: name runs, or select them with --target and --since, not both\nusage: ai-eval export-envelope \[RUN…\]/,
    );
    const empty = await cli(compared, '--baseline=');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^error: --baseline needs a run id/);
  }, 60_000);
});
