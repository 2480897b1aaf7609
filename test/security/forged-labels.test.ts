// Attack: a hand-edited labels file makes a failing judge "trusted" by editing judge scores and ids (docs/security.md).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadJudgeTemplate } from '../../src-main/engine/grading/judge/judge-templates';
import { Store, storeFile } from '../../src-main/store/store';
import { runCliInProcess } from '../support/cli';
import { exampleJudgedLocally } from '../support/workspace';
import { insertJudgeCalls } from '../unit/engine/trust/store-fixture';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-sec-labels-config-'));
const cli = (...argv: string[]) => runCliInProcess(argv, configDir);

type Item = { id: number | string; judge_score: number; judge_reason: string; human_label: string | null };

/** The judge's answer to one item, listed apart in the file, with the sampling design of the item. */
type Answer = Pick<Item, 'id' | 'judge_score' | 'judge_reason'> & { stratum: string; inclusion_probability: number };

/**
 * Rewrites the items of a labels file with `edit`, each seen with its judge's answer (listed apart, under
 * judge_answers), and writes both lists back, keeping everything else.
 */
function editItems(from: string, to: string, edit: (item: Item, index: number) => void): void {
  const doc = parseDocument(readFileSync(from, 'utf8'));
  const data = doc.toJS() as { items: Omit<Item, 'judge_score' | 'judge_reason'>[]; judge_answers: Answer[] };
  const answerOf = new Map(data.judge_answers.map((answer) => [answer.id, answer]));
  const items: (Item & Answer)[] = data.items.map((item) => ({ ...answerOf.get(item.id)!, ...item }));
  items.forEach(edit);
  doc.set(
    'items',
    items.map(({ judge_score: _s, judge_reason: _r, stratum: _st, inclusion_probability: _p, ...item }) => item),
  );
  doc.set(
    'judge_answers',
    items.map(({ id, judge_score, judge_reason, stratum, inclusion_probability }) => ({
      id,
      judge_score,
      judge_reason,
      stratum,
      inclusion_probability,
    })),
  );
  writeFileSync(to, doc.toString({ lineWidth: 0 }));
}

const lineOf = (file: string, needle: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(needle)) + 1;

describe('the labels file is a record of human labels only', () => {
  let dir: string;
  let out: string;
  let honest: string;
  let accuracyCall: number;
  const ws = () => ['--workspace', dir];
  const validate = (file: string) =>
    cli('validate-judge', ...ws(), '--grader', 'relevance_grader', '--labels', file, '--json');

  beforeAll(async () => {
    // A gold-set minimum of 10, and 3 of each class, so the 16 labels below (3 human passes) are enough for the trust rule to judge the rates.
    dir = exampleJudgedLocally('{ gold_target_n: 10, min_per_class: 3 }');
    out = mkdtempSync(join(tmpdir(), 'aieval-sec-labels-'));
    const store = Store.open(storeFile(dir));
    const now = Date.now();
    const template = `judge@${loadJudgeTemplate('judge', dir).version}`;
    const ids = insertJudgeCalls(store, [
      ...Array.from({ length: 8 }, (_, i) => ({ score: 5, template, createdAt: now - 3_600_000 + i })),
      ...Array.from({ length: 8 }, (_, i) => ({ score: 1, template, createdAt: now - 3_500_000 + i })),
      { grader: 'accuracy_grader', score: 5, template, createdAt: now - 1000 },
    ]);
    accuracyCall = ids.at(-1)!;
    store.close();
    const sampled = join(out, 'sampled.yaml');
    expect(
      (await cli('sample-traces', ...ws(), '--grader', 'relevance_grader', '--n', '16', '--out', sampled)).code,
    ).toBe(0);
    // The human fails five items the judge passed: the judge lets bad answers through (TNR 8/13).
    honest = join(out, 'honest.yaml');
    let flipped = 0;
    editItems(sampled, honest, (item) => {
      item.human_label = item.judge_score >= 3.5 && flipped++ < 5 ? 'fail' : item.judge_score >= 3.5 ? 'pass' : 'fail';
    });
  });

  it('the honest file fails the judge', async () => {
    const result = await validate(honest);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ state: 'failing', tn: 8, fp: 5 });
  });

  it('with the scores edited to agree with the human, the result equals the honest file’s', async () => {
    const forged = join(out, 'scores.yaml');
    editItems(honest, forged, (item) => {
      if (item.human_label === 'fail') {
        item.judge_score = 0;
        item.judge_reason = 'clearly wrong';
      }
    });
    const honestResult = JSON.parse((await validate(honest)).stdout) as Record<string, unknown>;
    const result = await validate(forged);
    expect(result.code).toBe(1);
    const forgedResult = JSON.parse(result.stdout) as Record<string, unknown>;
    for (const key of ['state', 'tp', 'tn', 'fp', 'fn', 'tpr', 'tnr', 'n_pos', 'n_neg'])
      expect(forgedResult[key]).toEqual(honestResult[key]);
  });

  it('an id the store does not know is refused (exit 2) naming the line of the first one', async () => {
    const forged = join(out, 'ids.yaml');
    editItems(honest, forged, (item, index) => {
      item.id = 900_000 + index;
      if (item.human_label === 'fail') item.judge_score = 0;
    });
    const result = await validate(forged);
    expect(result.code).toBe(2);
    const first = result.stderr.split('\n')[0]!;
    expect(first).toBe(
      `${forged}:${lineOf(forged, 'id: 900000')}:5 items.0.id item 0 (id 900000): unknown id 900000: no judge call with this id in this workspace's store`,
    );
  });

  it('a duplicate id (jc-N and N name one call) and a call of another grader are errors naming the line', async () => {
    const forged = join(out, 'dupes.yaml');
    let firstId: number | string = 0;
    editItems(honest, forged, (item, index) => {
      if (index === 0) firstId = item.id;
      if (index === 1) item.id = `jc-${firstId}`;
      if (index === 2) item.id = accuracyCall;
    });
    const result = await validate(forged);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `:${lineOf(forged, `id: jc-${firstId}`)}:\\d+ items\\.1\\.id .*duplicate judge call ${firstId} \\(also items\\.0\\)`,
      ),
    );
    expect(result.stderr).toMatch(
      new RegExp(
        `:${lineOf(forged, `id: ${accuracyCall}`)}:\\d+ items\\.2\\.id .*is a judge call of accuracy_grader, not of relevance_grader`,
      ),
    );
  });
});
