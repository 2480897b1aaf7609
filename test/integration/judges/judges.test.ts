import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadJudgeTemplate } from '../../../src-main/engine/grading/judge/judge-templates';
import { createTestApp } from '../../support/app';
import { exampleJudgedLocally } from '../../support/workspace';
import { judgeCallRows } from '../../unit/engine/trust/store-fixture';
import { onBackend, type BackendWorkspace } from '../../support/backend-workspace';
import { describeBackends } from '../../support/store-backends';
import { runCliInProcess } from '../../support/cli';
import { LLM_JUDGE_IDS } from '../../../src-shared/model';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-judges-config-'));

/**
 * Sets every item's human_label with `decide(judge_score, index)`, the judge's score read from the judge_answers listed
 * after the items, keeping the file's comments and order.
 */
function label(file: string, decide: (judgeScore: number, index: number) => string | null): void {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  const { judge_answers: answers } = doc.toJS() as { judge_answers: { id: number; judge_score: number }[] };
  const scoreOf = new Map(answers.map((answer) => [answer.id, answer.judge_score]));
  const items = doc.get('items') as { items: { get(k: string): unknown; set(k: string, v: unknown): void }[] };
  items.items.forEach((item, index) => item.set('human_label', decide(scoreOf.get(Number(item.get('id')))!, index)));
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
}

describeBackends('judge validation end to end: stored judge calls → sample → labels → validate → trust', (backend) => {
  let workspace: BackendWorkspace;
  let dir: string;
  let out: string;
  const ws = () => ['--workspace', dir];
  const cli = (...argv: string[]) => runCliInProcess(argv, configDir, process.cwd(), workspace.cliEnv);

  beforeAll(async () => {
    // The example judges offline from its cassette; these stored calls are by the local judge.
    // A gold-set minimum of 10 labels, so the 19 and 10 labels below can make a judge trusted (5 of each class).
    workspace = onBackend(backend, exampleJudgedLocally('{ gold_target_n: 10 }'));
    dir = workspace.dir;
    out = mkdtempSync(join(tmpdir(), 'aieval-labels-'));
    // The judge calls a run of helpdesk_chat would have stored in the last hours (judge: local/llama3.1:8b).
    const now = Date.now();
    const template = `judge@${loadJudgeTemplate('judge', dir).version}`;
    const calls = judgeCallRows([
      ...Array.from({ length: 25 }, (_, i) => ({
        score: 4 + (i % 2),
        template,
        createdAt: now - 3_600_000 + i,
        question: `Pass question ${i}?`,
      })),
      ...Array.from({ length: 15 }, (_, i) => ({
        score: i % 3,
        template,
        createdAt: now - 3_500_000 + i,
        question: `Fail question ${i}?`,
      })),
      ...Array.from({ length: 12 }, (_, i) => ({
        grader: 'accuracy_grader',
        score: i < 6 ? 5 : 1,
        createdAt: now - 1000 + i,
      })),
    ]);
    await workspace.insertRows('judge_calls', calls);
  });
  afterAll(() => workspace.dispose());

  it('sample-traces writes a reproducible, stratified labeling file and never overwrites one', async () => {
    const file = join(out, 'relevance.yaml');
    const first = await cli(
      'sample-traces',
      ...ws(),
      '--grader',
      'relevance_grader',
      '--n',
      '20',
      '--seed',
      '7',
      '--out',
      file,
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Wrote 20 items \(10 judge-pass, 10 judge-fail\) from 40 relevance_grader calls by local\/llama3\.1:8b \(template judge@\d+\.\d+\.\d+\) of the last 30 days to .*relevance\.yaml \(seed 7\)\./,
    );
    const again = join(out, 'again.yaml');
    expect(
      (await cli('sample-traces', ...ws(), '--grader', 'relevance_grader', '--n', '20', '--seed', '7', '--out', again))
        .code,
    ).toBe(0);
    const ids = (f: string) =>
      (parseDocument(readFileSync(f, 'utf8')).toJS() as { items: { id: number }[] }).items.map((i) => i.id);
    expect(ids(again)).toEqual(ids(file));
    const refused = await cli('sample-traces', ...ws(), '--grader', 'relevance_grader', '--out', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already exists/);
    const item = (parseDocument(readFileSync(file, 'utf8')).toJS() as { items: Record<string, unknown>[] }).items[0]!;
    expect(item.human_label).toBeNull();
    expect(String(item.question)).toMatch(/^(Pass|Fail) question \d+\?$/);
    // The judge's answers come after every item, so the labeller meets them last.
    expect(Object.keys(item)).not.toContain('judge_score');
    const text = readFileSync(file, 'utf8');
    expect(text.lastIndexOf('human_label:')).toBeLessThan(text.indexOf('judge_score:'));
    // Its sampling design (the stratum names the judge's verdict) is listed with the judge's answers.
    const answers = (parseDocument(text).toJS() as { judge_answers: Record<string, unknown>[] }).judge_answers;
    expect(Object.keys(answers[0]!)).toEqual(['id', 'judge_score', 'judge_reason', 'stratum', 'inclusion_probability']);
  });

  it('rejects a wrong grader name with a did-you-mean, and a deterministic grader', async () => {
    const typo = await cli('sample-traces', ...ws(), '--grader', 'relevanse_grader', '--out', join(out, 'x.yaml'));
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown grader "relevanse_grader"; did you mean "relevance_grader"\?/);
    expect((await cli('validate-judge', ...ws(), '--grader', 'format_grader', '--labels', 'x.yaml')).stderr).toMatch(
      /format_grader is not an LLM judge/,
    );
  });

  it('validate-judge reports TPR/TNR, stores the validation and exits 0 when trusted', async () => {
    const file = join(out, 'relevance.yaml');
    // The human agrees with the judge except on one judge-fail item (a false negative), and defers on another.
    let flipped = false;
    label(file, (score, index) => {
      if (index === 19) return 'defer';
      if (score < 3.5 && !flipped) return ((flipped = true), 'pass');
      return score >= 3.5 ? 'pass' : 'fail';
    });
    const result = await cli('validate-judge', ...ws(), '--grader', 'relevance_grader', '--labels', file, '--json');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ grader: 'relevance_grader', state: 'trusted', n_defer: 1, fn: 1, fp: 0 });
    // 10 judge-pass and 10 judge-fail items: one deferred, one judge-fail the human passed; 18 agreements.
    expect((json.tp as number) + (json.tn as number)).toBe(18);
    expect((json.n_pos as number) + (json.n_neg as number)).toBe(19);
    for (const key of ['grader', 'n_pos', 'n_neg', 'tp', 'tn', 'fp', 'fn', 'tpr', 'tnr', 'tpr_ci', 'tnr_ci', 'state'])
      expect(json).toHaveProperty(key);
    expect(json.tnr).toBe(1);
    expect(json.warnings).toEqual([]);
    expect(json.reason).toBeNull();

    const readable = await cli('validate-judge', ...ws(), '--grader', 'relevance_grader', '--labels', file);
    expect(readable.code).toBe(0);
    expect(readable.stdout).toMatch(
      /^relevance_grader judged by local\/llama3\.1:8b \(template judge@\d+\.\d+\.\d+\)$/m,
    );
    expect(readable.stdout).toMatch(/^TPR 0\.9\d \(\d+\/\d+, 95% CI 0\.\d\d-\d\.\d\d\), required 0\.9$/m);
    expect(readable.stdout).toMatch(/^state: trusted$/m);

    const judges = JSON.parse((await cli('judges', ...ws(), '--json')).stdout) as {
      grader: string;
      kind: string;
      trust: { state: string } | null;
    }[];
    expect(judges).toHaveLength(10);
    expect(judges.find((j) => j.grader === 'relevance_grader')?.trust?.state).toBe('trusted');
    expect(judges.find((j) => j.grader === 'accuracy_grader')?.trust?.state).toBe('unvalidated');
    expect(judges.find((j) => j.grader === 'format_grader')).toMatchObject({ kind: 'deterministic', trust: null });
    const table = await cli('judges', ...ws());
    expect(table.stdout).toMatch(
      /^relevance_grader +judge +0-5 +response +local\/llama3\.1:8b \(template judge@\d+\.\d+\.\d+\) +trusted TPR 0\.9\d TNR 1\.00, validated \d{4}-\d\d-\d\d \d\d:\d\d; gold 0\/10$/m,
    );
    expect(table.stdout).toMatch(/^groundedness_grader +judge +0-1 \(binary\) +response \+ tool calls /m);
    expect(table.stdout).toMatch(/^state_check +deterministic +0-5 +observes actions +- +-$/m);
  });

  it('a workspace override of the judge template makes the validation stale at once, and re-validating old labels cannot fix it', async () => {
    const bundled = readFileSync(loadJudgeTemplate('judge', dir).file, 'utf8');
    mkdirSync(join(dir, 'judge-templates'), { recursive: true });
    const override = join(dir, 'judge-templates', 'judge.md');
    writeFileSync(override, `${bundled}\nBe strict about dates.\n`);
    try {
      const judges = JSON.parse((await cli('judges', ...ws(), '--json')).stdout) as {
        grader: string;
        trust: { state: string; staleReason: string } | null;
      }[];
      expect(judges.find((j) => j.grader === 'relevance_grader')?.trust).toMatchObject({
        state: 'stale',
        staleReason: expect.stringMatching(
          /^the judge template changed from judge@[\d.]+ to judge@[\d.]+\+workspace\.[0-9a-f]{12} since validation$/,
        ),
      });
      const again = await cli(
        'validate-judge',
        ...ws(),
        '--grader',
        'relevance_grader',
        '--labels',
        join(out, 'relevance.yaml'),
      );
      expect(again.code).toBe(1);
      expect(again.stdout).toMatch(/^state: stale \(the judge template changed/m);
      expect(again.stderr).toMatch(/the labelled calls are out of date: the judge template changed/);
      const resample = await cli(
        'sample-traces',
        ...ws(),
        '--grader',
        'relevance_grader',
        '--out',
        join(out, 'new.yaml'),
      );
      expect(resample.code).toBe(2);
      expect(resample.stderr).toMatch(
        /no scored relevance_grader calls by local\/llama3\.1:8b \(template judge@[\d.]+\+workspace\.[0-9a-f]{12}\)/,
      );
    } finally {
      rmSync(override); // an override, even a verbatim copy, carries its own version: remove it
    }
  });

  it('exits 1 when a class has no labels (insufficient) and 2 on a bad file, naming file, line and item', async () => {
    const file = join(out, 'again.yaml');
    label(file, () => 'pass');
    const insufficient = await cli(
      'validate-judge',
      ...ws(),
      '--grader',
      'relevance_grader',
      '--labels',
      file,
      '--json',
    );
    expect(insufficient.code).toBe(1);
    expect(JSON.parse(insufficient.stdout)).toMatchObject({
      state: 'insufficient',
      n_neg: 0,
      tnr: null,
      tnr_ci: null,
      reason: 'not enough labels: label 5 more failures',
    });
    expect((await cli('validate-judge', ...ws(), '--grader', 'relevance_grader', '--labels', file)).stdout).toMatch(
      /not enough labels: label 5 more failures/,
    );

    writeFileSync(file, readFileSync(file, 'utf8').replace(/human_label: pass/, 'human_label: maybe'));
    const bad = await cli('validate-judge', ...ws(), '--grader', 'relevance_grader', '--labels', file);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^.*again\.yaml:\d+:\d+ items\.0\.human_label item 0 \(id \d+\): "maybe" is not one of pass, fail, defer$/,
    );
    expect(
      (await cli('validate-judge', ...ws(), '--grader', 'relevance_grader', '--labels', join(out, 'missing.yaml')))
        .stderr,
    ).toMatch(/missing\.yaml: no such file/);
    expect((await cli('validate-judge', ...ws(), '--grader', 'relevance_grader')).code).toBe(2);
  });

  it('samples into the gold set through the contract, validates workbench labels and shows the state; a new judge model makes it stale', async () => {
    const app = createTestApp(dir, { store: workspace.store });
    try {
      const sampled = await app.dispatch(
        'judges.sample',
        { grader: 'accuracy_grader', n: 10, seed: 3 },
        { transport: 'in-process' },
      );
      expect(sampled.ok).toBe(true);
      const value = (
        sampled as {
          value: { seed: number; population: number; added: number; items: { id: string; judge_score: number }[] };
        }
      ).value;
      expect(value).toMatchObject({ seed: 3, population: 12, added: 10 });
      // The workbench labels with subject_type 'gold_item' (a line of the reviewer's file): agree with the judge.
      for (const item of value.items) {
        const verdict = item.judge_score >= 3.5 ? 'pass' : 'fail';
        const input = { subjectType: 'gold_item', subjectId: item.id, verdict };
        expect(await app.dispatch('labels.submit', input, { transport: 'in-process' })).toMatchObject({ ok: true });
      }

      const validated = await app.dispatch(
        'judges.validate',
        { grader: 'accuracy_grader' },
        { transport: 'in-process' },
      );
      expect(validated).toMatchObject({
        ok: true,
        value: { state: 'trusted', n_pos: 5, n_neg: 5, tpr: 1, tnr: 1, labels_source: 'labels/accuracy_grader' },
      });

      const list = await app.dispatch('judges.list', {}, { transport: 'in-process' });
      const rows = (
        list as { value: { grader: string; state: string; gold: unknown; cochranN: number; usedBy: string[] }[] }
      ).value;
      expect(rows.map((r) => r.grader)).toEqual(LLM_JUDGE_IDS);
      expect(rows.find((r) => r.grader === 'accuracy_grader')).toMatchObject({
        state: 'trusted',
        gold: { items: 10, labelled: 10, targetN: 10 },
        usedBy: ['helpdesk_chat', 'helpdesk_agent', 'helpdesk_chat_offline', 'helpdesk_agent_offline'],
      });
      // Cochran at 95% ±5%, corrected for the 12 stored accuracy calls: 384.15 / (1 + 383.15/12) = 11.6 → 12.
      expect(rows.find((r) => r.grader === 'accuracy_grader')?.cochranN).toBe(12);

      const trust = await app.dispatch(
        'judges.trustFor',
        { graderIds: ['accuracy_grader', 'format_grader'] },
        { transport: 'in-process' },
      );
      expect(trust).toMatchObject({
        ok: true,
        value: [{ grader: 'accuracy_grader', state: 'trusted', tpr: 1, tnr: 1 }],
      });
      const corrected = await app.dispatch(
        'judges.correctedPassRate',
        { grader: 'accuracy_grader', n: 40, passed: 30 },
        { transport: 'in-process' },
      );
      expect(corrected).toMatchObject({ ok: true, value: { grader: 'accuracy_grader', theta: 0.75, observed: 0.75 } });
      expect(
        await app.dispatch('judges.sample', { grader: 'completeness_grader' }, { transport: 'in-process' }),
      ).toMatchObject({
        ok: false,
        error: { code: 'bad_input', message: expect.stringMatching(/no scored completeness_grader calls/) },
      });
    } finally {
      await app.dispose();
    }
    const fromStore = await cli('validate-judge', ...ws(), '--grader', 'accuracy_grader', '--from-store', '--json');
    expect(fromStore.code).toBe(0);

    writeFileSync(
      join(dir, 'aieval.yaml'),
      readFileSync(join(dir, 'aieval.yaml'), 'utf8').replace(
        'judge:\n  provider: local\n  model: llama3.1:8b',
        'judge:\n  provider: local\n  model: qwen3:8b',
      ),
    );
    const judges = JSON.parse((await cli('judges', ...ws(), '--json')).stdout) as {
      grader: string;
      trust: { state: string; staleReason: string } | null;
    }[];
    expect(judges.find((j) => j.grader === 'accuracy_grader')?.trust).toMatchObject({
      state: 'stale',
      staleReason: 'the judge changed from local/llama3.1:8b to local/qwen3:8b since validation',
    });
  });
});
