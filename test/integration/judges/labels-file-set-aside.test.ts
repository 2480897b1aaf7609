// One set of labels decides a judge's standing: while its gold set holds agreed labels, a labels file validated later
// is measured and recorded but does not decide; the CLI, its exit code and the judges screen's row say so.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { runCliInProcess } from '../../support/cli';
import { exampleJudgedLocally } from '../../support/workspace';
import { halfPassedCalls, storeJudgeCalls } from '../../unit/engine/trust/store-fixture';

const GRADER = 'accuracy_grader';

/** A workspace whose store holds 20 accuracy_grader calls by the local judge: 10 it passed, 10 it failed. */
function workspace(): string {
  const dir = exampleJudgedLocally('{ gold_target_n: 10, min_per_class: 4 }');
  storeJudgeCalls(
    dir,
    halfPassedCalls(GRADER, 20).map((call, i) => ({ ...call, question: `Q${i}?` })),
  );
  return dir;
}

describe('which labels decide a standing', () => {
  it('a labels file validated after the gold set has agreed labels does not decide, and says so', async () => {
    const dir = workspace();
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-set-aside-config-'));
    const cli = (...argv: string[]) => runCliInProcess(argv, configDir);
    const app = createTestApp(dir);
    try {
      // The gold set: all 20 calls, labelled so that the judge fails 3 answers that pass (TPR 10/13: failing).
      const sampled = await app.dispatch(
        'judges.sample',
        { grader: GRADER, n: 20, seed: 3 },
        { transport: 'in-process' },
      );
      const { items } = (sampled as { value: { items: { id: string; judge_score: number }[] } }).value;
      let flipped = 0;
      for (const item of items) {
        const judgePass = item.judge_score >= 3.5;
        const verdict = judgePass ? 'pass' : flipped++ < 3 ? 'pass' : 'fail';
        await app.dispatch(
          'labels.submit',
          { subjectType: 'gold_item', subjectId: item.id, verdict },
          { transport: 'in-process' },
        );
      }
    } finally {
      await app.dispose();
    }
    const before = JSON.parse((await cli('judges', '--workspace', dir, '--json')).stdout) as {
      grader: string;
      trust: { state: string } | null;
    }[];
    expect(before.find((j) => j.grader === GRADER)?.trust?.state).toBe('failing');

    // A labels file of the same calls in which the human agrees with the judge on every item: trusted on its own.
    const file = join(mkdtempSync(join(tmpdir(), 'aieval-set-aside-')), 'accuracy.yaml');
    expect((await cli('sample-traces', '--workspace', dir, '--grader', GRADER, '--n', '20', '--out', file)).code).toBe(
      0,
    );
    const doc = parseDocument(readFileSync(file, 'utf8'));
    const { judge_answers: answers } = doc.toJS() as { judge_answers: { id: number; judge_score: number }[] };
    const scoreOf = new Map(answers.map((a) => [a.id, a.judge_score]));
    const list = doc.get('items') as { items: { get(k: string): unknown; set(k: string, v: unknown): void }[] };
    for (const item of list.items)
      item.set('human_label', scoreOf.get(Number(item.get('id')))! >= 3.5 ? 'pass' : 'fail');
    writeFileSync(file, doc.toString({ lineWidth: 0 }));

    const json = await cli('validate-judge', '--workspace', dir, '--grader', GRADER, '--labels', file, '--json');
    const validation = JSON.parse(json.stdout) as { state: string; standing: { state: string; note: string } | null };
    // The file measures the judge as trusted, but the gold set decides: the standing stays failing, and so does the exit.
    expect(validation.state).toBe('trusted');
    expect(validation.standing).toMatchObject({ state: 'failing', labels_source: 'labels/accuracy_grader' });
    expect(validation.standing!.note).toMatch(/was validated but does not decide: the gold set’s agreed labels decide/);
    expect(json.code).toBe(1);
    const readable = await cli('validate-judge', '--workspace', dir, '--grader', GRADER, '--labels', file);
    expect(readable.stdout).toMatch(/^state: trusted$/m);
    expect(readable.stdout).toMatch(/^standing: failing, from labels\/accuracy_grader: .*does not decide/m);

    // The judges screen's row (judges.list) names the file set aside; the judges table still says failing.
    const after = createTestApp(dir);
    try {
      const rows = await after.dispatch('judges.list', {}, { transport: 'in-process' });
      const row = (rows as { value: { grader: string; state: string; warnings: string[] }[] }).value.find(
        (r) => r.grader === GRADER,
      )!;
      expect(row.state).toBe('failing');
      expect(row.warnings.some((w) => /accuracy\.yaml was validated but does not decide/.test(w))).toBe(true);
    } finally {
      await after.dispose();
    }
  }, 120_000);
});
