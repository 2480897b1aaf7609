import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eeeValidators } from '../../../../src-main/engine/export/eee/eee-schema';
import type { EeeAggregate, EeeInstance } from '../../../../src-main/engine/export/eee/eee-types';
import { exportRun, ExportError } from '../../../../src-main/engine/export/eee/export-run';
import { addRun, exportDeps, grader, openStore, RESOURCES, tempDir } from './export-fixtures';

const QUESTIONS = [
  { id: 'sunday_hours', graders: [grader('relevance_grader', 5), grader('format_grader', 4)] },
  { id: 'late_fees', graders: [grader('relevance_grader', 2), grader('format_grader', 3)], costUsd: 0.0012 },
  { id: 'card', graders: [grader('relevance_grader', 4), grader('format_grader', null)] },
  { id: 'outage', graders: [], response: null },
];

describe('exportRun', () => {
  it('writes a valid aggregate and samples file in the EEE layout, with graders, composite, pass rate, coverage and gate', async () => {
    const { db } = openStore();
    const verdict = await addRun(db, { id: 'run-1', questions: QUESTIONS });
    const out = tempDir('aieval-out-');
    const outcome = await exportRun(exportDeps(db), 'run-1', out);
    expect(outcome.problems).toEqual([]);
    const [aggregateFile, samplesFile] = outcome.files;
    expect(relative(out, aggregateFile!.path)).toMatch(/^data\/aieval-d1\/ollama\/m1\/[0-9a-f-]{36}\.json$/);
    expect(samplesFile!.path).toBe(aggregateFile!.path.replace(/\.json$/, '_samples.jsonl'));

    const aggregate = JSON.parse(readFileSync(aggregateFile!.path, 'utf8')) as EeeAggregate;
    const samplesText = readFileSync(samplesFile!.path, 'utf8');
    const validators = await eeeValidators(RESOURCES);
    expect(validators.aggregate(aggregate)).toEqual([]);
    const rows = samplesText
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as EeeInstance);
    for (const row of rows) expect(validators.instance(row)).toEqual([]);

    const link = aggregate.detailed_evaluation_results!;
    expect(link.checksum).toBe(createHash('sha256').update(samplesText).digest('hex'));
    expect(link.total_rows).toBe(rows.length);
    expect(link.file_path).toBe(relative(out, samplesFile!.path));

    const byId = new Map(aggregate.evaluation_results.map((r) => [r.evaluation_result_id, r]));
    expect([...byId.keys()]).toEqual([
      'd1.relevance_grader',
      'd1.format_grader',
      'd1.composite',
      'd1.pass_rate',
      'd1.coverage',
      'd1.gate',
      'd1.latency_p50',
      'd1.cost',
    ]);
    expect(byId.get('d1.relevance_grader')!.score_details.score).toBeCloseTo(11 / 3);
    expect(byId.get('d1.format_grader')!.score_details.details).toMatchObject({ scored: '2', skipped: '1' });
    expect(byId.get('d1.composite')!.score_details.score).toBeCloseTo(verdict.avg_score!);
    expect(byId.get('d1.coverage')!.score_details.score).toBe(0.75);
    expect(byId.get('d1.gate')!.score_details.score).toBe(verdict.passed ? 1 : 0);
    expect(byId.get('d1.cost')!.score_details.score).toBeCloseTo(0.0012);
    expect(aggregate.model_info.additional_details).toMatchObject({
      deployment_type: 'self_deployed',
      model_availability: 'open_weights',
    });

    // Every question has a coverage row; the outage has no composite or grader row (never a score of 0 for it).
    const outage = rows.filter((row) => row.sample_id === 'outage');
    expect(outage.map((row) => row.evaluation_result_id)).toEqual(['d1.coverage']);
    expect(outage[0]!.evaluation).toMatchObject({ score: 0, is_correct: false });
    expect(outage[0]!.metadata).toMatchObject({ status: 'degraded' });
    expect(outage[0]!.error).toContain('HTTP 503');
    expect(rows.filter((row) => row.evaluation_result_id === 'd1.composite')).toHaveLength(3);
    expect(readdirSync(out).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('writes the same file names when a run is exported again', async () => {
    const { db } = openStore();
    await addRun(db, { id: 'run-1', questions: QUESTIONS });
    const out = tempDir('aieval-out-');
    const first = await exportRun(exportDeps(db), 'run-1', out);
    const second = await exportRun(exportDeps(db), 'run-1', out);
    expect(second.files.map((f) => f.path)).toEqual(first.files.map((f) => f.path));
  });

  it('reports an invalid file and writes nothing', async () => {
    const { db } = openStore();
    // A grader score above its declared maximum: the semantic check refuses the whole export.
    await addRun(db, {
      id: 'run-bad',
      questions: [{ id: 'q1', graders: [grader('relevance_grader', 7), grader('format_grader', 4)] }],
    });
    const out = tempDir('aieval-out-');
    const outcome = await exportRun(exportDeps(db), 'run-bad', out);
    expect(outcome.files).toEqual([]);
    expect(outcome.problems.join('\n')).toMatch(/score 7 .*outside its declared bounds \[0, 5\]/);
    expect(existsSync(join(out, 'data'))).toBe(false);
    expect(readdirSync(out)).toEqual([]);
  });

  it('refuses runs that are not complete', async () => {
    const { db } = openStore();
    await expect(exportRun(exportDeps(db), 'nope', tempDir('aieval-out-'))).rejects.toThrow(ExportError);
  });
});
