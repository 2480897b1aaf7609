import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportRunOnComplete } from '../../../src-main/app/export-deps';
import { createTestApp } from '../../support/app';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript } from '../../fixtures/fake-scripts';
import { runCliInProcess } from '../../support/cli';
import { exportedProblems } from '../../support/eee';
import { backendEnv, onBackend, type BackendWorkspace } from '../../support/backend-workspace';
import { describeBackends } from '../../support/store-backends';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-export-config-'));
const EXAMPLES = join(import.meta.dirname, '..', '..', 'fixtures', 'eee');
const ANSWER =
  'The main branch is open on Sundays from 12:00 to 17:00. Late fees are 0.20 EUR per day, 1.00 EUR for five days.';

/** A small workspace of its own (the example changes with the product): one chat target on the fake server's Ollama API. */
function workspaceAt(url: string, extraSettings = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-export-ws-'));
  mkdirSync(join(dir, 'datasets'));
  writeFileSync(
    join(dir, 'aieval.yaml'),
    `version: 1
providers:
  local: { kind: ollama, base_url: ${url} }
judge: { provider: local, model: llama3.1:8b }
settings:
  concurrency: 2${extraSettings}
targets:
  - id: helpdesk_chat
    provider: local
    model: llama3.1:8b
    system_prompt: You are the help desk of the Riverside Library.
    generation: { temperature: 0.2, max_tokens: 256, seed: 7 }
    dataset: helpdesk
    graders: [relevance_grader, fact_match_grader, format_grader]
    gate: { metric: avg_score, threshold: 3.5, type: hard }
`,
  );
  const questions = [
    'sunday_hours',
    'late_fees',
    'card_fee',
    'renewals',
    'lost_card',
    'wifi',
    'printing',
    'hours_as_json',
    'donations',
  ];
  const dataset = questions
    .map(
      (id, i) =>
        `  - id: ${id}\n    input: Question ${i} about ${id.replace(/_/g, ' ')}?\n${i % 3 === 0 ? '' : `    expected_facts: ["fact ${i}"]\n`}${id === 'hours_as_json' ? '    expected: { format: json }\n' : ''}`,
    )
    .join('');
  writeFileSync(join(dir, 'datasets', 'helpdesk.yaml'), `id: helpdesk\nversion: 1.0.0\nquestions:\n${dataset}`);
  return dir;
}

describeBackends(
  'EEE export, import and distill through the CLI (runs made by the run engine against the fake provider)',
  (backend) => {
    /** Runs `ai-eval ...args` in this process, on this backend's store, and collects what it prints. */
    const cli = (...args: string[]) => runCliInProcess(args, configDir, process.cwd(), backendEnv(backend));
    const workspaces = new Map<string, BackendWorkspace>();
    /** A workspace of its own (workspaceAt) whose store is on this backend. */
    const workspace = (url: string, extraSettings = '') => {
      const dir = workspaceAt(url, extraSettings);
      workspaces.set(dir, onBackend(backend, dir));
      return dir;
    };
    const storeOptions = (dir: string) => workspaces.get(dir)!.store;

    async function storedRuns(dir: string) {
      const store = await workspaces.get(dir)!.open();
      try {
        const { api } = store;
        const listed = await api.runs.list({ limit: 50, offset: 0 });
        const runs = await Promise.all(listed.runs.map(async (summary) => (await api.runs.get(summary.id))!));
        const results = new Map<string, unknown>();
        for (const run of runs)
          results.set(
            run.id,
            (await api.results.batch(run.id, 0, 1000)).map((r) => [
              r.questionId,
              r.status,
              r.score,
              r.passed,
              r.graders.map((g) => [g.graderId, g.status, g.score]),
            ]),
          );
        return { runs, results };
      } finally {
        await store.close();
      }
    }

    let server: FakeProviderServer;
    let source: string;
    let outputDir: string;
    let aggregates: string[];

    beforeAll(async () => {
      server = await startFakeProviderServer({
        script: judgeScript({ score: 4, reason: 'fine' }, () => ({ text: ANSWER })),
      });
      source = workspace(server.url);
      for (const args of [[], ['--shard', '1/2'], ['--shard', '2/2']]) {
        const run = await cli('run', '--workspace', source, '--target', 'helpdesk_chat', ...args);
        expect(run.stderr).not.toMatch(/^error:/m);
        expect(run.code).toBe(0);
      }
      outputDir = mkdtempSync(join(tmpdir(), 'aieval-envelopes-'));
      const exported = await cli('export-envelope', '--workspace', source, '--output-dir', outputDir, '--json');
      expect(exported.code).toBe(0);
      const report = JSON.parse(exported.stdout) as {
        runs: { problems: string[]; files: { kind: string; path: string }[] }[];
      };
      expect(report.runs).toHaveLength(3);
      aggregates = report.runs.map((run) => run.files.find((file) => file.kind === 'aggregate')!.path);
    }, 120_000);
    afterAll(async () => {
      await server.close();
      await Promise.all([...workspaces.values()].map((w) => w.dispose()));
    });

    it('writes every file in the EEE layout, valid against the schemas and the semantic checks', async () => {
      for (const aggregate of aggregates) {
        expect(relative(outputDir, aggregate)).toMatch(
          /^data\/aieval-helpdesk\/ollama\/llama3\.1-8b\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.json$/,
        );
        expect(await exportedProblems(aggregate)).toEqual([]);
      }
      expect(readdirSync(dirname(aggregates[0]!))).toHaveLength(6);
    });

    it('round trip: importing into an empty workspace shows the same scores, the shard slices merged into one run', async () => {
      const target = workspace(server.url);
      const imported = await cli('import-envelope', '--workspace', target, ...aggregates);
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      expect(imported.stdout).toMatch(/imported as run .* \(9 question results\)/);
      expect(imported.stdout).toMatch(/merged as run/);

      const before = await storedRuns(source);
      const after = await storedRuns(target);
      const whole = before.runs.find((run) => run.shard === null)!;
      const copy = after.runs.find((run) => run.id === whole.id)!;
      expect(copy).toMatchObject({
        source: 'import',
        status: 'complete',
        total: 9,
        avgScore: whole.avgScore,
        passRate: whole.passRate,
        passed: whole.passed,
      });
      expect(copy.verdict).toEqual(whole.verdict);
      expect(after.results.get(whole.id)).toEqual(before.results.get(whole.id));

      const merged = after.runs.find((run) => run.id !== whole.id)!;
      expect(after.runs).toHaveLength(2);
      // The same scores summed in another order (the whole run's as its questions finished, the merged one's shard by
      // shard) may differ in the last bit of their mean.
      expect(merged).toMatchObject({
        shard: '1,2/2',
        total: 9,
        done: 9,
        avgScore: expect.closeTo(whole.avgScore!, 12),
        passed: whole.passed,
      });

      const again = await cli('import-envelope', '--workspace', target, ...aggregates);
      expect(again.code).toBe(0);
      expect(again.stdout.match(/unchanged \(already imported/g)).toHaveLength(3);
      expect((await storedRuns(target)).runs).toHaveLength(2);
    });

    it('refuses a tampered file with the reason and exit 2, and imports the EEE examples', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'aieval-tampered-'));
      const aggregate = join(dir, basename(aggregates[0]!));
      copyFileSync(aggregates[0]!, aggregate);
      const samples = aggregates[0]!.replace(/\.json$/, '_samples.jsonl');
      writeFileSync(
        aggregate.replace(/\.json$/, '_samples.jsonl'),
        readFileSync(samples, 'utf8').replace('"is_correct":true', '"is_correct":false'),
      );
      const target = workspace(server.url);
      const refused = await cli('import-envelope', '--workspace', target, aggregate);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`error: ${aggregate} refused:`);
      expect(refused.stderr).toMatch(
        /checksum mismatch: the aggregate declares sha256 [0-9a-f]{64}, the samples file has [0-9a-f]{64}/,
      );

      const examples = await cli(
        'import-envelope',
        '--workspace',
        target,
        join(EXAMPLES, 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json'),
        join(EXAMPLES, 'b16fbe7d-f0a9-4a72-92a2-77f5016b5e3f.json'),
      );
      expect(examples.code).toBe(0);
      expect(examples.stdout.match(/imported as run eee-/g)).toHaveLength(2);
      expect(examples.stderr).toContain('schema 0.2.2 read as 0.3.0');
    });

    it('refuses inconsistent envelopes (checksums recomputed, so only consistency fails): exit 2, the reason, store unchanged', async () => {
      type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const original = aggregates[0]!;
      const cases: Record<string, { edit: (aggregate: Json, rows: Json[]) => Json[] | void; reason: RegExp }> = {
        'every relevance sample set to 0': {
          edit: (aggregate, rows) => {
            for (const row of rows)
              if (row.evaluation_result_id.endsWith('.relevance_grader')) row.evaluation.score = 0;
            for (const result of aggregate.evaluation_results)
              if (result.metric_config.min_score > 0) result.metric_config.min_score = 0;
          },
          reason: /relevance_grader\): the aggregate states [\d.]+, but its \d+ samples average 0/,
        },
        'a duplicate sample row': {
          edit: (_a, rows) => [...rows, rows[0]!],
          reason: /line \d+: sample .* duplicates line 1/,
        },
        'a sample with schema_version 1.0.0': {
          edit: (_a, rows) => void (rows[1]!.schema_version = '1.0.0'),
          reason: /line 2: (schema: .*schema_version|schema_version "1\.0\.0" is not the aggregate's "0\.3\.0")/,
        },
        'a sample_hash of zeros': {
          edit: (_a, rows) => void (rows[0]!.sample_hash = '0'.repeat(64)),
          reason: /line 1: sample_hash is all zeros/,
        },
        'evaluation_timestamp "yesterday"': {
          edit: (aggregate) => void (aggregate.evaluation_timestamp = 'yesterday'),
          reason: /evaluation_timestamp "yesterday" is not a time/,
        },
        'num_samples -3': {
          edit: (aggregate) => {
            const result = aggregate.evaluation_results.find((r: Json) => r.score_details.uncertainty);
            result.score_details.uncertainty.num_samples = -3;
          },
          reason: /num_samples (is -3, which no count can be|.*>= 0)/,
        },
      };
      const target = workspace(server.url);
      for (const [name, { edit, reason }] of Object.entries(cases)) {
        const dir = mkdtempSync(join(tmpdir(), 'aieval-inconsistent-'));
        const aggregatePath = join(dir, basename(original));
        const aggregate = JSON.parse(readFileSync(original, 'utf8')) as Json;
        let rows = readFileSync(original.replace(/\.json$/, '_samples.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Json);
        rows = edit(aggregate, rows) ?? rows;
        const samples = `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;
        aggregate.detailed_evaluation_results.checksum = createHash('sha256').update(samples).digest('hex');
        aggregate.detailed_evaluation_results.total_rows = rows.length;
        writeFileSync(aggregatePath, JSON.stringify(aggregate));
        writeFileSync(aggregatePath.replace(/\.json$/, '_samples.jsonl'), samples);
        const result = await cli('import-envelope', '--workspace', target, aggregatePath);
        expect({ name, code: result.code }).toEqual({ name, code: 2 });
        expect(result.stderr, name).toMatch(reason);
      }
      expect((await storedRuns(target)).runs).toEqual([]);
    });

    it('distill summarises the store as markdown, deterministically', async () => {
      const first = await cli('distill', '--workspace', source, '--since', '2000-01-01');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('## helpdesk_chat');
      expect(first.stdout).toMatch(/- Score: `[▁▂▃▄▅▆▇█]{3}` /);
      const out = join(mkdtempSync(join(tmpdir(), 'aieval-distill-')), 'summary.md');
      expect((await cli('distill', '--workspace', source, '--since', '2000-01-01', '--out', out)).code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(`${first.stdout}\n`);
      expect((await cli('distill', '--workspace', source, '--since', 'yesterday')).code).toBe(2);
    });

    it('serves export.run, import.provenance and distill.summary through the contract, and exports on completion when asked', async () => {
      const dir = workspace(server.url, '\n  export_envelope_on_complete: true');
      expect((await cli('run', '--workspace', dir, '--target', 'helpdesk_chat')).code).toBe(0);
      const app = createTestApp(dir, { trusted: true, store: storeOptions(dir) });
      try {
        await app.state.loadStore();
        const [run] = (await app.state.db.runs.list({ limit: 1, offset: 0 })).runs;
        const onComplete = await exportRunOnComplete(app.state, run!.id);
        expect(onComplete?.folder).toBe(
          join(dir, '.aieval', 'envelopes', 'data', 'aieval-helpdesk', 'ollama', 'llama3.1-8b'),
        );
        const exported = await app.dispatch(
          'export.run',
          { runId: run!.id, outputDir: 'out' },
          { transport: 'in-process' },
        );
        expect(exported).toMatchObject({ ok: true, value: { runId: run!.id, problems: [] } });
        const escape = await app.dispatch(
          'export.run',
          { runId: run!.id, outputDir: '../elsewhere' },
          { transport: 'in-process' },
        );
        expect(escape).toMatchObject({ ok: false, error: { code: 'bad_input' } });
        const unknown = await app.dispatch('export.run', { runId: 'nope' }, { transport: 'in-process' });
        expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });

        const otherDir = workspace(server.url);
        const other = createTestApp(otherDir, { store: storeOptions(otherDir) });
        try {
          // API calls may only name files inside the workspace (docs/security.md): the envelope is copied in first.
          const name = 'f3a1c0de-4b2e-4c1a-9f6d-1b7e5a2c8d40.json';
          copyFileSync(join(EXAMPLES, name), join(otherDir, name));
          const paths = [name];
          const imported = await other.dispatch('import.envelopes', { paths }, { transport: 'in-process' });
          expect(imported).toMatchObject({ ok: true, value: { outcomes: [{ status: 'imported' }] } });
          const runId = (imported as { value: { outcomes: { runId: string }[] } }).value.outcomes[0]!.runId;
          const provenance = await other.dispatch('import.provenance', { runId }, { transport: 'in-process' });
          expect(provenance).toMatchObject({
            ok: true,
            value: {
              files: [{ evalLibrary: 'unknown unknown', sourceOrganization: '<Aggregator org>' }],
              metrics: [{ score: 0.75 }],
            },
          });
          const summary = await other.dispatch('distill.summary', { since: '2000-01-01' }, { transport: 'in-process' });
          expect(summary).toMatchObject({ ok: true, value: { since: Date.UTC(2000, 0, 1) } });
          expect((summary as { value: { markdown: string } }).value.markdown).toContain('## demo_org_demo_model');
        } finally {
          await other.dispose();
        }
      } finally {
        await app.dispose();
      }
    }, 60_000);
  },
);
