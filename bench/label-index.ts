// The store's index of the label files (docs/labels.md): one judge's gold set of 1,000 items labelled by 3 reviewers.
// Prints one JSON line: the first read into an empty store (a fresh clone, a deleted .aieval/), a look that finds
// nothing changed (made before every read of labels), a look after one label line (the lines alone are read again),
// and after one new item file (items and lines), each the median of 15 (the first read: of 5).
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_THRESHOLDS, LabelIndex } from '../src-main/app/gold-sets/label-index';
import { Store, inProcessStore } from '../src-main/store/store';
import { sampledItemId, shortHash } from '../src-main/workspace/labels/gold-item-file';
import { appendReviewerLine, writeGoldItem } from '../src-main/workspace/labels/gold-set-writes';
import { jsonLine } from '../src-main/workspace/labels/json-lines';
import { reviewerFile } from '../src-main/workspace/labels/label-paths';
import { newLineId } from '../src-main/workspace/labels/reviewer-labels';
import type { GoldItemFile } from '../src-shared/model';

const { values } = parseArgs({ options: { items: { type: 'string', default: '1000' } } });
const GRADER = 'accuracy_grader';
const REVIEWERS = ['ana', 'ben', 'cara'];
const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-labels-'));
const at = (i: number) => new Date(Date.UTC(2025, 5, 1) + i * 1000).toISOString();

function item(i: number): GoldItemFile {
  const question = `How do I renew loan ${i}? ${'Please explain the steps. '.repeat(4)}`;
  const content: Omit<GoldItemFile, 'id'> = {
    grader: GRADER,
    question_id: `q${i}`,
    question_hash: shortHash(question),
    question,
    answer: `Open your account, choose Loans, then Renew. ${'The renewal lasts three weeks. '.repeat(20)}`,
    source: { run: 'run-1', trace: null },
    added_at: at(i),
    sample: { seed: 1, stratum: i % 2 ? 'judge_pass' : 'judge_fail', inclusion_probability: 0.5 },
    judge: {
      provider: 'local',
      model: 'm',
      template_version: 'judge@1.0.0',
      score: i % 2 ? 5 : 1,
      verdict: i % 2 ? 'pass' : 'fail',
      reason: 'ok',
    },
  };
  return { id: sampledItemId(content), ...content };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

try {
  const items = Array.from({ length: Number(values.items) }, (_, i) => item(i));
  for (const gold of items) writeGoldItem(dir, gold);
  for (const [r, reviewer] of REVIEWERS.entries())
    for (const [i, gold] of items.entries())
      appendReviewerLine(dir, GRADER, {
        id: newLineId(),
        item: gold.id,
        verdict: (i + r) % 3 ? 'pass' : 'fail',
        reviewer,
        at: at(i),
      });
  const indexOf = (store: Store) =>
    new LabelIndex({
      dir: () => dir,
      db: () => inProcessStore(store),
      thresholds: () => DEFAULT_THRESHOLDS,
      clock: Date.now,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      teamStore: () => false,
      changed: () => undefined,
    });
  const first: number[] = [];
  for (let k = 0; k < 5; k += 1) {
    const store = Store.open(':memory:');
    first.push(await timed(() => indexOf(store).sync()));
    store.close();
  }
  const store = Store.open(join(dir, 'store.sqlite'));
  const index = indexOf(store);
  await index.sync();
  const idle: number[] = [];
  const oneLabel: number[] = [];
  const oneItem: number[] = [];
  for (let k = 0; k < 15; k += 1) {
    idle.push(await timed(() => index.sync()));
    const line = { id: newLineId(), item: items[k]!.id, verdict: 'defer', reviewer: 'ana', at: at(10_000 + k) };
    appendFileSync(join(dir, reviewerFile(GRADER, 'ana')), jsonLine(line));
    oneLabel.push(await timed(() => index.sync()));
    writeGoldItem(dir, item(100_000 + k));
    oneItem.push(await timed(() => index.sync()));
  }
  store.close();
  const ms = (x: number) => Math.round(x * 10) / 10;
  console.log(
    JSON.stringify({
      items: items.length,
      lines: items.length * REVIEWERS.length,
      firstReadMs: ms(median(first)),
      unchangedMs: ms(median(idle)),
      afterOneLabelMs: ms(median(oneLabel)),
      afterOneItemMs: ms(median(oneItem)),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
