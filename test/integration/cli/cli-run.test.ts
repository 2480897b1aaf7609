import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store, storeFile } from '../../../src-main/store/store';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { isJudgePrompt } from '../../fixtures/fake-scripts';
import { closedPort } from '../../support/closed-port';
import { judged, launcher, QUESTIONS, workspaceAt } from './cli-run-children';

// The crash, --resume and run-lock tests run on both stores in cli-run-crash.test.ts.
const launch = launcher();

/** Starts `ai-eval run` of the example's helpdesk_chat target in `dir`, with the `extra` options. */
const runHelpdesk = (dir: string, ...extra: string[]) =>
  launch(['run', '--workspace', dir, '--target', 'helpdesk_chat', ...extra]);

// Each test runs the example's 21 questions through child processes: more than the default 30 s on a loaded machine.
describe('ai-eval run (child processes, fake provider server)', { timeout: 90_000 }, () => {
  let server: FakeProviderServer;

  beforeAll(async () => {
    server = await startFakeProviderServer({ script: judged });
  });
  afterAll(async () => {
    await server.close();
  });

  it('provider down: every question degraded, "insufficient coverage", exit 1, and no score of 0 anywhere', async () => {
    const dir = workspaceAt(
      `http://127.0.0.1:${await closedPort()}`,
      '  concurrency: 2\n  rate_limit: { max_retries: 1, base_delay_ms: 5 }',
    );
    const out = join(dir, 'down.json');
    const junit = join(dir, 'down.xml');
    // --skip-preflight: the outage under test happens mid-run; the preflight would stop the run before it.
    const result = await runHelpdesk(dir, '--json', out, '--junit', junit, '--skip-preflight').exit;
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/helpdesk_chat\s+FAIL/);
    expect(result.stdout).toContain(
      `insufficient coverage: 0 of ${QUESTIONS} scored (0%, minimum 50%); ${QUESTIONS} degraded`,
    );
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      runs: {
        verdict: { avg_score: number | null; pass_rate: number | null; coverage: number; passed: boolean };
        questions: { status: string; score: number | null; graders: unknown[] }[];
      }[];
    };
    const [run] = report.runs;
    expect(run?.verdict).toMatchObject({ avg_score: null, pass_rate: null, coverage: 0, passed: false });
    expect(run?.questions).toHaveLength(QUESTIONS);
    expect(
      run?.questions.every(
        (question) => question.status === 'degraded' && question.score === null && question.graders.length === 0,
      ),
    ).toBe(true);
    expect(readFileSync(out, 'utf8')).not.toMatch(/"score(_0_5)?":0[,}]/);
    expect(readFileSync(junit, 'utf8').match(/<error /g)).toHaveLength(QUESTIONS);
  });

  it('--record writes a cassette that a replay provider answers from offline, to the same verdict', async () => {
    server.script = judged;
    const dir = workspaceAt(server.url);
    const recorded = await runHelpdesk(dir, '--record', join(dir, 'recordings', 'mine.jsonl')).exit;
    expect(recorded.code).toBe(0);
    const lines = readFileSync(join(dir, 'recordings', 'mine.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(QUESTIONS);
    const requestsBefore = server.requests.length;
    const config = join(dir, 'aieval.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        `local: { kind: ollama, base_url: ${server.url} }`,
        'local: { kind: replay, file: recordings/mine.jsonl }',
      ),
    );
    const replayed = await runHelpdesk(dir).exit;
    expect(replayed.code).toBe(0);
    expect(server.requests.length).toBe(requestsBefore);
    const verdictLine = (stdout: string) =>
      stdout.split('\n').find((line) => line.startsWith('helpdesk_chat: avg_score'));
    expect(verdictLine(replayed.stdout)).toBe(verdictLine(recorded.stdout));
  });

  // Three CLI processes in a row (run, regrade, a usage error): about 29 s at a load average of 15-19 on 2 cores.
  it(
    'regrade re-scores the stored answers into a new run, asking the judges but never the target',
    { timeout: 60_000 },
    async () => {
      server.script = judged;
      const dir = workspaceAt(server.url);
      const first = await runHelpdesk(dir, '--question', 'sunday_hours', '--question', 'late_fees').exit;
      expect(first.code).toBe(0);
      const store = Store.open(storeFile(dir));
      const [source] = store.repos.runs.list({ limit: 1, offset: 0 }).runs;
      store.close();
      const before = server.requests.length;
      const out = join(dir, 'regrade.json');
      const regraded = await launch(['regrade', source!.id, '--workspace', dir, '--json', out]).exit;
      expect(regraded.code).toBe(0);
      const asked = server.requests.slice(before);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every(isJudgePrompt)).toBe(true);
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        runs: { id: string; regrade_of: string; questions: { id: string }[] }[];
      };
      expect(report.runs[0]).toMatchObject({ regrade_of: source!.id });
      expect(report.runs[0]?.id).not.toBe(source!.id);
      expect(report.runs[0]?.questions.map((question) => question.id).sort()).toEqual(['late_fees', 'sunday_hours']);
      expect((await launch(['regrade', '--workspace', dir]).exit).code).toBe(2);
    },
  );

  it('exits 2 on bad flags and prints the plan on --dry-run without calling a model', async () => {
    const dir = workspaceAt(server.url);
    const before = server.requests.length;
    const bad = await launch(['run', '--workspace', dir, '--shard', '5/4']).exit;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--shard 5/4: I must be between 1 and N');
    const unknown = await launch(['run', '--workspace', dir, '--target', 'nope']).exit;
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown target nope; known: helpdesk_chat, helpdesk_agent, ');
    const dry = await runHelpdesk(dir, '--repeat', '2', '--dry-run').exit;
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`helpdesk_chat: ${QUESTIONS} questions × 2 repeats from dataset helpdesk@1.0.0`);
    expect(server.requests.length).toBe(before);
  });
});
