// `ai-eval run --repeat N --adaptive` against the fake provider server, whose per-question pass probabilities are
// known: the settled questions stop after 4 or 5 repeats, the unsettled one gets all 10, every question's verdict and
// the gate equal the full run's, and the report says what was saved.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { lastUserText } from '../../fixtures/fake-scripts';
import { Store, storeFile } from '../../../src-main/store/store';
import { runCliInProcess } from '../../support/cli';
import { quarantineWorkspaceOn } from '../../support/workspace';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-adaptive-config-'));
const cli = (...args: string[]) => runCliInProcess(args, configDir);

type Verdict = {
  passed: boolean;
  pass_rate: number;
  coverage: number;
  reason: string;
  counts: { total: number; scored: number };
  adaptive?: { planned: number; asked: number; saved: number; error_bound: number };
};
type Report = { runs: { verdict: Verdict; questions: { id: string; passed: boolean }[] }[] };

const reportOf = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as Report).runs[0]!;

/** Per question: how often it was asked and its verdict over its repeats (more than half passed: the matrix's rule). */
function perQuestion(report: Report['runs'][number]) {
  const byId = new Map<string, { asked: number; passed: number }>();
  for (const { id, passed } of report.questions) {
    const entry = byId.get(id) ?? { asked: 0, passed: 0 };
    entry.asked += 1;
    entry.passed += passed ? 1 : 0;
    byId.set(id, entry);
  }
  return new Map([...byId].map(([id, { asked, passed }]) => [id, { asked, verdict: passed > asked / 2 }]));
}

describe('ai-eval run --repeat N --adaptive (fake provider server)', { timeout: 60_000 }, () => {
  let server: FakeProviderServer;
  let dir: string;

  /** `ai-eval run` of the quarantine workspace's json_bot target, with the `extra` options. */
  const runJsonBot = (...extra: string[]) => cli('run', '--workspace', dir, '--target', 'json_bot', ...extra);

  beforeAll(async () => {
    // Three questions always answer JSON (pass with probability 1); the flaky one alternates (probability 1/2).
    let flakyCalls = 0;
    server = await startFakeProviderServer({
      script: (request) => {
        if (!lastUserText(request).includes('flaky')) return { text: '{"ok": true}' };
        flakyCalls += 1;
        return { text: flakyCalls % 2 === 0 ? '{"ok": true}' : 'not json' };
      },
    });
    dir = quarantineWorkspaceOn(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks the settled questions 4-5 times of 10, gives the verdicts and gate of all 10, and says what it saved', async () => {
    const fullFile = join(dir, 'full.json');
    const full = await runJsonBot('--repeat', '10', '--json', fullFile);
    expect(full.stderr).not.toMatch(/^error:/m);
    expect(full.code).toBe(0);
    const fullRun = reportOf(fullFile);
    expect(fullRun.verdict).toMatchObject({ passed: true, pass_rate: 0.875, counts: { total: 40 } });
    expect(fullRun.verdict.adaptive).toBeUndefined();

    const file = join(dir, 'adaptive.json');
    const adaptive = await runJsonBot('--repeat', '10', '--adaptive', '--json', file);
    expect(adaptive.stderr).not.toMatch(/^error:/m);
    expect(adaptive.stderr).toContain("; adaptive: a question's repeats stop once its verdict is settled");
    // The gate counts question verdicts (stopping early cannot bias them): 3 of 4 pass, flaky_one's 5 of 10 does not.
    expect(adaptive.code).toBe(1);
    const run = reportOf(file);
    const questions = perQuestion(run);
    const fullQuestions = perQuestion(fullRun);
    for (const id of ['answer_one', 'answer_two', 'answer_three']) {
      // 4 of 4 is the first unanimous count whose 95 % interval clears one half; a fifth may have been in flight.
      expect(questions.get(id)!.asked).toBeGreaterThanOrEqual(4);
      expect(questions.get(id)!.asked).toBeLessThanOrEqual(5);
    }
    expect(questions.get('flaky_one')!.asked).toBe(10);
    for (const [id, { verdict }] of fullQuestions) expect(questions.get(id)!.verdict).toBe(verdict);

    const asked = run.questions.length;
    // Each question weighed once by its verdict, the verdict of all 10 repeats: 3 of 4 questions pass.
    const fullVerdicts = [...fullQuestions.values()];
    expect(run.verdict).toMatchObject({
      passed: false,
      pass_rate: fullVerdicts.filter((q) => q.verdict).length / fullVerdicts.length,
      coverage: 1,
      counts: { total: asked, scored: asked },
      adaptive: { planned: 40, asked, saved: 40 - asked },
    });
    expect(run.verdict.pass_rate).toBe(0.75);
    expect(adaptive.stdout).toContain(
      `json_bot: pass_rate 75.0% < 80.0%; adaptive repeats: ${asked} of 40 asked, ${40 - asked} saved with their calls; ` +
        `the pass rate is the share of questions whose verdict passes, each verdict that of all 10 repeats but for at ` +
        `most 0.78%, so the pass rate is within 0.00% of all 10 repeats' (95%)`,
    );

    // Exported and imported elsewhere, its verdict is recomputed from the samples as the run computed it.
    const out = mkdtempSync(join(tmpdir(), 'aieval-adaptive-eee-'));
    const exported = await cli('export-envelope', '--workspace', dir, '--output-dir', out, '--json');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const files = (JSON.parse(exported.stdout) as { runs: { files: { path: string }[] }[] }).runs.at(-1)!.files;
    const fresh = quarantineWorkspaceOn(server.url);
    const imported = await cli('import-envelope', '--workspace', fresh, files[0]!.path);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const store = Store.open(storeFile(fresh));
    try {
      const [listed] = store.repos.runs.list({ limit: 10, offset: 0 }).runs;
      const copy = store.repos.runs.get(listed!.id);
      expect(copy?.verdict).toMatchObject({
        passed: run.verdict.passed,
        pass_rate: run.verdict.pass_rate,
        reason: run.verdict.reason,
        counts: run.verdict.counts,
        adaptive: run.verdict.adaptive,
      });
      expect(copy?.total).toBe(40);
      // The listed summary says it is adaptive, so Results reads its count as repeats run, not coverage.
      expect(listed).toMatchObject({ adaptive: true, total: 40, done: run.verdict.adaptive!.asked });
    } finally {
      store.close();
    }
  });

  it('says what the plan would do, and refuses --adaptive without repeats or with --resume (exit 2)', async () => {
    const dry = await runJsonBot('--repeat', '5', '--adaptive', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      "json_bot: 4 questions × 5 repeats from dataset formats@1.0.0; graders format_grader; about 20 target calls, 0 judge calls; adaptive: a question's repeats stop once its verdict is settled",
    );
    const alone = await cli('run', '--workspace', dir, '--adaptive');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain(
      "--adaptive stops a question's repeats early; it needs --repeat N with N of 2 or more",
    );
    const resumed = await cli('run', '--workspace', dir, '--resume', 'some-run', '--adaptive');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain('--resume continues a run as it was planned (an adaptive run stays adaptive)');
  });
});
