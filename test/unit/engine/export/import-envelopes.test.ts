import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRun } from '../../../../src-main/engine/export/eee/export-run';
import { importEnvelopes, type ImportDeps } from '../../../../src-main/engine/export/eee/import-envelopes';
import type { StoreApi } from '../../../../src-main/store/store';
import {
  addRun,
  EEE_EXAMPLES,
  exportDeps,
  grader,
  openStore,
  RESOURCES,
  tempDir,
  type QuestionSpec,
} from './export-fixtures';

const importDeps = (db: StoreApi): ImportDeps => ({
  db,
  resourcesDir: RESOURCES,
  clock: () => 1_760_000_000_000,
  passThreshold: 3.5,
});

const QUESTIONS: QuestionSpec[] = [
  { id: 'sunday_hours', graders: [grader('relevance_grader', 5), grader('format_grader', 4)] },
  { id: 'late_fees', graders: [grader('relevance_grader', 2), grader('format_grader', 3)], costUsd: 0.0012 },
  { id: 'card', graders: [grader('relevance_grader', 4), grader('format_grader', null)] },
  {
    id: 'renew',
    graders: [grader('relevance_grader', 4), grader('format_grader', 5)],
    toolCalls: [{ seq: 0, name: 'renew_loan', server: null, args: { loan: 7 }, result: 'ok', error: false }],
  },
  { id: 'outage', graders: [], response: null },
];

async function exported(runs: Parameters<typeof addRun>[1][]) {
  const { db } = openStore();
  for (const run of runs) await addRun(db, run);
  const out = tempDir('aieval-out-');
  const files: string[] = [];
  for (const run of runs) files.push((await exportRun(exportDeps(db), run.id, out)).files[0]!.path);
  return { source: db, files };
}

const comparable = (detail: Awaited<ReturnType<StoreApi['results']['batch']>>[number]) => ({
  questionId: detail.questionId,
  status: detail.status,
  score: detail.score,
  passed: detail.passed,
  response: detail.response,
  latencyMs: detail.latencyMs,
  inputTokens: detail.inputTokens,
  costUsd: detail.costUsd,
  graders: detail.graders.map((g) => ({
    id: g.graderId,
    status: g.status,
    score: g.score,
    min: g.minScore,
    max: g.maxScore,
    reason: g.reason,
  })),
});

describe('importEnvelopes', () => {
  it('round trip: an exported run imports into an empty store with the same verdict and scores', async () => {
    const { source, files } = await exported([
      { id: 'run-1', questions: QUESTIONS, startedAt: 1_700_000_000_000, finishedAt: 1_700_000_060_000 },
    ]);
    const { db, store } = openStore();
    const [outcome] = await importEnvelopes(importDeps(db), files);
    expect(outcome).toMatchObject({ status: 'imported', runId: 'run-1', questions: 5, reasons: [] });

    const before = (await source.runs.get('run-1'))!;
    const after = (await db.runs.get('run-1'))!;
    expect(after.verdict).toEqual(before.verdict);
    expect(after).toMatchObject({
      source: 'import',
      targetId: 't1',
      total: 5,
      startedAt: 1_700_000_000_000,
      finishedAt: 1_700_000_060_000,
      avgScore: before.avgScore,
    });
    expect(store.db.prepare("SELECT origin FROM runs WHERE id = 'run-1'").pluck().get()).toBe('import');
    const original = (await source.results.batch('run-1', 0, 100)).map(comparable);
    const imported = (await db.results.batch('run-1', 0, 100)).map(comparable);
    expect(imported).toEqual(original);
    const renew = (await db.results.batch('run-1', 0, 100)).find((r) => r.questionId === 'renew')!;
    expect(renew.toolCalls).toEqual([
      { seq: 0, name: 'renew_loan', server: null, args: { loan: 7 }, result: 'ok', error: false },
    ]);

    const provenance = await db.envelopes.filesOfRun('run-1');
    expect(provenance).toHaveLength(1);
    expect(provenance[0]).toMatchObject({
      evalLibrary: 'ai-eval-desktop 0.1.0',
      schemaVersion: '0.3.0',
      samplesRows: 16,
    });
  });

  it('carries the judges (model, trust at completion, prompt) and the corrected pass rate through the round trip', async () => {
    const judge = {
      graderId: 'relevance_grader',
      provider: 'local',
      model: 'llama3.1:8b',
      templateVersion: 'judge@1.0.0',
      settings: { sent: { temperature: 0 } },
    };
    const correctedPassRate = {
      grader: 'relevance_grader',
      n: 4,
      passed: 3,
      observed: 0.75,
      estimate: 0.8,
      ci: [0.5, 0.95] as [number, number],
      confidence: 0.95,
      note: null,
      method: 'rogan-gladen (lang-reiczigel interval)',
    };
    const { source, files } = await exported([
      {
        id: 'run-j',
        questions: QUESTIONS,
        identity: {
          judges: [judge],
          gate: { metric: 'pass_rate', threshold: 0.5, type: 'hard', judge: 'relevance_grader' },
        },
        judges: [{ grader: 'relevance_grader', state: 'trusted', tpr: 0.95, tnr: 0.9 }],
        correctedPassRate,
      },
    ]);
    const aggregate = JSON.parse(readFileSync(files[0]!, 'utf8')) as {
      evaluation_results: {
        evaluation_result_id: string;
        metric_config: {
          llm_scoring?: {
            judges: { temperature?: number; additional_details: Record<string, string> }[];
            input_prompt: string;
          };
        };
        score_details: { score: number };
      }[];
    };
    const relevance = aggregate.evaluation_results.find((r) => r.evaluation_result_id === 'd1.relevance_grader')!;
    expect(relevance.metric_config.llm_scoring!.judges[0]).toMatchObject({
      temperature: 0,
      additional_details: {
        trust_state: 'trusted',
        trust_as_of: 'run',
        judge_tpr: '0.95',
        judge_tnr: '0.9',
        template_version: 'judge@1.0.0',
      },
    });
    expect(relevance.metric_config.llm_scoring!.input_prompt).toContain('{{agent_response}}');
    expect(
      aggregate.evaluation_results.find((r) => r.evaluation_result_id === 'd1.corrected_pass_rate')!.score_details
        .score,
    ).toBe(0.8);

    const { db } = openStore();
    await importEnvelopes(importDeps(db), files);
    const before = (await source.runs.get('run-j'))!;
    const after = (await db.runs.get('run-j'))!;
    expect(after.verdict).toEqual(before.verdict);
    expect(after.identity.judges).toEqual([judge]);
    expect(after.identity.gate).toEqual(before.identity.gate);
  });

  it('is idempotent: importing the same file again changes nothing', async () => {
    const { files } = await exported([{ id: 'run-1', questions: QUESTIONS }]);
    const { db } = openStore();
    await importEnvelopes(importDeps(db), files);
    const [again] = await importEnvelopes(importDeps(db), [...files, files[0]!.replace(/\.json$/, '_samples.jsonl')]);
    expect(again).toMatchObject({ status: 'unchanged', runId: 'run-1' });
    expect((await db.runs.list({ limit: 10, offset: 0 })).total).toBe(1);
    expect((await db.results.batch('run-1', 0, 100)).length).toBe(5);
  });

  it('leaves a run that was run in this store alone', async () => {
    const { source, files } = await exported([{ id: 'run-1', questions: QUESTIONS }]);
    const [outcome] = await importEnvelopes(importDeps(source), files);
    expect(outcome).toMatchObject({
      status: 'unchanged',
      reasons: ['run run-1 is already in this store'],
    });
  });

  it('merges the slices of a sharded run from several machines into one run', async () => {
    const shard = (index: number) => ({
      identity: { selection: { questionIds: null, repeat: 1, shard: { index, count: 2 } } },
      shard: `${index}/2`,
    });
    const one = await exported([
      { id: 'machine-a', questions: QUESTIONS.slice(0, 3), ...shard(1), finishedAt: 10_000 },
    ]);
    const two = await exported([{ id: 'machine-b', questions: QUESTIONS.slice(3), ...shard(2), finishedAt: 20_000 }]);
    const { db } = openStore();
    const outcomes = await importEnvelopes(importDeps(db), [...one.files, ...two.files]);
    expect(outcomes.map((o) => [o.status, o.runId])).toEqual([
      ['imported', 'machine-a'],
      ['merged', 'machine-a'],
    ]);
    const run = (await db.runs.get('machine-a'))!;
    expect(run).toMatchObject({ total: 5, done: 5, shard: '1,2/2', finishedAt: 20_000 });
    const whole = await exported([{ id: 'whole', questions: QUESTIONS }]);
    const expected = (await whole.source.runs.get('whole'))!.verdict!;
    expect(run.verdict).toMatchObject({
      avg_score: expected.avg_score,
      pass_rate: expected.pass_rate,
      coverage: expected.coverage,
      counts: expected.counts,
      passed: expected.passed,
    });
    expect(run.verdict!.reason).toContain('(shards 1,2/2 merged)');
    expect(await db.envelopes.filesOfRun('machine-a')).toHaveLength(2);
  });

  it('never passes a merged gate on corrected_pass_rate it cannot recompute, and keeps the gate as written', async () => {
    const gate = { metric: 'corrected_pass_rate', threshold: 0.5, type: 'hard', bound: 'lower' } as const;
    const slice = (index: number, questions: QuestionSpec[]) => ({
      id: `corrected-${index}`,
      questions,
      identity: { gate, selection: { questionIds: null, repeat: 1, shard: { index, count: 2 } } },
      shard: `${index}/2`,
    });
    const one = await exported([slice(1, QUESTIONS.slice(0, 3))]);
    const two = await exported([slice(2, QUESTIONS.slice(3))]);
    const { db } = openStore();
    await importEnvelopes(importDeps(db), [...one.files, ...two.files]);
    const run = (await db.runs.get('corrected-1'))!;
    expect(run.identity.gate).toEqual(gate);
    expect(run.verdict).toMatchObject({ passed: false, gate_metric: 'corrected_pass_rate' });
    expect(run.verdict!.reason).toBe(
      'corrected_pass_rate not recomputed: a slice imported on its own carries no judge labels; ' +
        '`ai-eval merge` in the workspace whose store holds them gates on it (shards 1,2/2 merged)',
    );
  });

  it('imports the EEE examples: a 0.3.0 file with its samples, and a 0.2.2 leaderboard record', async () => {
    const dir = tempDir('aieval-eee-');
    for (const name of [
      'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json',
      'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40_samples.jsonl',
      'b16fbe7d-f0a9-4a72-92a2-77f5016b5e3f.json',
    ]) {
      copyFileSync(join(EEE_EXAMPLES, name), join(dir, name));
    }
    const { db } = openStore();
    const [demo, hal] = await importEnvelopes(importDeps(db), [
      join(dir, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json'),
      join(dir, 'b16fbe7d-f0a9-4a72-92a2-77f5016b5e3f.json'),
    ]);
    expect(demo).toMatchObject({ status: 'imported', questions: 1 });
    const demoRun = (await db.runs.get(demo!.runId!))!;
    expect(demoRun).toMatchObject({
      source: 'import',
      targetId: 'demo_org_demo_model',
      model: 'demo-model',
      datasetId: 'demo_bench',
    });
    expect(demoRun.verdict).toMatchObject({ avg_score: 5, pass_rate: 1, gate_type: 'soft' });
    const [row] = await db.results.batch(demo!.runId!, 0, 10);
    expect(row).toMatchObject({
      questionId: 'demo_0001',
      status: 'scored',
      passed: true,
      response: 'The answer is 4.',
      inputTokens: 12,
    });
    expect(row!.graders).toEqual([
      expect.objectContaining({ graderId: 'demo-source.demo_bench', score: 1, minScore: 0, maxScore: 1, score0to5: 5 }),
    ]);
    expect((await db.envelopes.metricsOfRun(demo!.runId!)).map((m) => [m.resultId, m.score])).toEqual([
      ['demo-source.demo_bench', 0.75],
    ]);

    expect(hal).toMatchObject({ status: 'imported', questions: 0 });
    expect(hal!.warnings[0]).toContain('schema 0.2.2 read as 0.3.0');
    const halRun = (await db.runs.get(hal!.runId!))!;
    expect(halRun).toMatchObject({ model: 'GPT-4.1 (April 2025)', total: 0 });
    expect(halRun.verdict).toBeNull();
    const [metric] = await db.envelopes.metricsOfRun(hal!.runId!);
    expect(metric).toMatchObject({
      name: 'AssistantBench',
      score: 0.1739,
      minScore: 0,
      maxScore: 1,
      details: { accuracy_raw: '17.39%' },
    });
  });

  describe('refuses a tampered file with the reason (exit 2 in the CLI)', () => {
    async function tamper(
      edit: (aggregate: Record<string, unknown>, samples: string) => [Record<string, unknown>, string],
    ) {
      const { files } = await exported([{ id: 'run-1', questions: QUESTIONS }]);
      const samplesPath = files[0]!.replace(/\.json$/, '_samples.jsonl');
      const [aggregate, samples] = edit(
        JSON.parse(readFileSync(files[0]!, 'utf8')) as Record<string, unknown>,
        readFileSync(samplesPath, 'utf8'),
      );
      writeFileSync(files[0]!, JSON.stringify(aggregate));
      writeFileSync(samplesPath, samples);
      const { db } = openStore();
      const [outcome] = await importEnvelopes(importDeps(db), files);
      expect(outcome!.status).toBe('refused');
      expect((await db.runs.list({ limit: 10, offset: 0 })).total).toBe(0);
      return outcome!.reasons.join('\n');
    }

    it('a samples file whose bytes changed (checksum)', async () => {
      const reasons = await tamper((aggregate, samples) => [aggregate, samples.replace('"score":5', '"score":4')]);
      expect(reasons).toMatch(
        /checksum mismatch: the aggregate declares sha256 [0-9a-f]{64}, the samples file has [0-9a-f]{64}/,
      );
    });

    it('an aggregate score outside its bounds', async () => {
      const reasons = await tamper((aggregate, samples) => {
        const results = aggregate.evaluation_results as { score_details: { score: number } }[];
        results[0]!.score_details.score = 9;
        return [aggregate, samples];
      });
      expect(reasons).toContain(
        'evaluation_results[0] (d1.relevance_grader): score 9 is outside its declared bounds [0, 5]',
      );
    });

    it('a file the schema rejects', async () => {
      const reasons = await tamper((aggregate, samples) => {
        delete aggregate.model_info;
        aggregate.extra = true;
        return [aggregate, samples];
      });
      expect(reasons).toContain("schema: /: must have required property 'model_info'");
      expect(reasons).toContain('schema: /: must NOT have additional properties ("extra")');
    });

    it('one of our files without its gate', async () => {
      const reasons = await tamper((aggregate, samples) => {
        const results = aggregate.evaluation_results as { evaluation_result_id: string }[];
        aggregate.evaluation_results = results.filter((r) => r.evaluation_result_id !== 'd1.gate');
        return [aggregate, samples];
      });
      expect(reasons).toBe(
        'cannot be read as a run: the file names ai-eval-desktop as its library and run run-1, but has no coverage or gate result',
      );
    });

    it('a verdict the rows do not support', async () => {
      const reasons = await tamper((aggregate, samples) => {
        const results = aggregate.evaluation_results as {
          evaluation_result_id: string;
          score_details: { score: number };
        }[];
        results.find((r) => r.evaluation_result_id === 'd1.composite')!.score_details.score = 4.9;
        return [aggregate, samples];
      });
      expect(reasons).toMatch(/the file states avg_score 4\.9, its samples recompute 3\.875/);
    });
  });

  it('refuses a samples file without its aggregate, and a file that is no EEE aggregate', async () => {
    const dir = tempDir('aieval-eee-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'lonely_samples.jsonl'), '{}\n');
    writeFileSync(join(dir, 'other.json'), '{"schema_version":"9.9","a":1}');
    const { db } = openStore();
    const outcomes = await importEnvelopes(importDeps(db), [
      join(dir, 'lonely_samples.jsonl'),
      join(dir, 'other.json'),
    ]);
    expect(outcomes.map((o) => o.reasons[0])).toEqual([
      'a samples file without its aggregate lonely.json beside it',
      'schema_version "9.9" is not one this app reads (0.3.0, or 0.2.x)',
    ]);
  });
});
