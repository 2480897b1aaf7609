import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GoldItemFile } from '../../../../src-shared/model';
import { sampledItemId, shortHash } from '../../../../src-main/workspace/labels/gold-item-file';
import { goldSetFingerprint } from '../../../../src-main/workspace/labels/gold-set-files';
import { GoldSetReader } from '../../../../src-main/workspace/labels/gold-set-reader';
import { appendReviewerLine, writeGoldItem } from '../../../../src-main/workspace/labels/gold-set-writes';

const GRADER = 'accuracy_grader';
const item = (n: number): GoldItemFile => {
  const content: Omit<GoldItemFile, 'id'> = {
    grader: GRADER,
    question_id: `q${n}`,
    question_hash: shortHash(`Q${n}?`),
    question: `Q${n}?`,
    answer: `A${n}.`,
    source: { run: null, trace: null },
    added_at: '2025-06-01T10:00:00.000Z',
    sample: null,
    judge: null,
  };
  return { id: sampledItemId(content), ...content };
};
const line = (id: string, itemId: string, verdict: 'pass' | 'fail') => ({
  id,
  item: itemId,
  verdict,
  reviewer: 'ana',
  at: '2025-06-01T10:00:00.000Z',
});

describe('GoldSetReader', () => {
  it('parses an unchanged item file once, and a grown reviewer file from where it ended, numbering its lines on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-reader-'));
    const [a, b] = [item(1), item(2)];
    writeGoldItem(dir, a);
    appendReviewerLine(dir, GRADER, line('0000000000000001', a.id, 'pass'));
    const reader = new GoldSetReader(dir);
    const first = reader.goldItems(GRADER, goldSetFingerprint(dir, GRADER).itemStamps);
    expect(first.fresh.map((i) => i.id)).toEqual([a.id]);
    writeGoldItem(dir, b);
    const second = reader.goldItems(GRADER, goldSetFingerprint(dir, GRADER).itemStamps);
    expect(second.fresh.map((i) => i.id)).toEqual([b.id]);
    expect(second.values.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());

    const file = join(dir, 'labels', GRADER, 'reviewers', 'ana.jsonl');
    expect(reader.reviewerLines(GRADER).values.map((l) => l.line)).toEqual([1]);
    appendFileSync(file, 'not json\n');
    appendReviewerLine(dir, GRADER, line('0000000000000002', b.id, 'fail'));
    const grown = reader.reviewerLines(GRADER);
    expect(grown.values.map((l) => [l.line, l.value.id])).toEqual([
      [1, '0000000000000001'],
      [3, '0000000000000002'],
    ]);
    expect(grown.issues.map((i) => i.line)).toEqual([2]);
    // A file rewritten (not only grown) is read whole again.
    writeFileSync(file, readFileSync(file, 'utf8').replace('not json\n', ''));
    expect(reader.reviewerLines(GRADER).values.map((l) => [l.line, l.value.id])).toEqual([
      [1, '0000000000000001'],
      [2, '0000000000000002'],
    ]);
  });
});
