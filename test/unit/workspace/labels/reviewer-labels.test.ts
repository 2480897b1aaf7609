import { describe, expect, it } from 'vitest';
import type { LabelLine, ReviewerLine } from '../../../../src-shared/model';
import {
  currentLabels,
  labelKey,
  labelLineOf,
  undoLineOf,
  type SourcedLine,
} from '../../../../src-main/workspace/labels/reviewer-labels';
import { reviewerSlug } from '../../../../src-main/workspace/labels/label-paths';

let next = 0;
const id = () => (next++).toString(16).padStart(16, '0');
const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 10, minute)).toISOString();
const label = (reviewer: string, item: string, verdict: 'pass' | 'fail' | 'defer', minute: number): LabelLine => ({
  id: id(),
  item,
  verdict,
  reviewer,
  at: at(minute),
});
const sourced = (lines: readonly ReviewerLine[], file = 'labels/g/reviewers/x.jsonl'): SourcedLine[] =>
  lines.map((value, index) => ({ value, line: index + 1, file }));
const verdicts = (lines: readonly ReviewerLine[]) =>
  Object.fromEntries(
    [...currentLabels(sourced(lines)).labels].map(([key, { line }]) => [key.replace('\u0000', '/'), line.verdict]),
  );

describe('currentLabels: the latest line of a reviewer for an item wins, undo is a line too', () => {
  it('keeps each reviewer’s latest line per item, whatever the order of the lines in the files', () => {
    const lines = [
      label('ana', 'g-1', 'pass', 1),
      label('ben', 'g-1', 'fail', 2),
      label('ana', 'g-1', 'fail', 3),
      label('ana', 'g-2', 'defer', 4),
    ];
    const expected = { 'ana/g-1': 'fail', 'ben/g-1': 'fail', 'ana/g-2': 'defer' };
    expect(verdicts(lines)).toEqual(expected);
    // A union merge of two branches may put a later line first: the time decides, not the position.
    expect(verdicts([...lines].reverse())).toEqual(expected);
    expect(currentLabels(sourced(lines)).labels.get(labelKey('ana', 'g-1'))?.firstAt).toBe(at(1));
  });

  it('takes back the line an undo names, so the reviewer’s earlier label counts again', () => {
    const first = label('ana', 'g-1', 'pass', 1);
    const second = label('ana', 'g-1', 'fail', 2);
    expect(verdicts([first, second, undoLineOf(second, at(3))])).toEqual({ 'ana/g-1': 'pass' });
    expect(verdicts([first, undoLineOf(first, at(2))])).toEqual({});
  });

  it('ignores, with a warning at its line, an undo of another reviewer’s line or of no line', () => {
    const bens = label('ben', 'g-1', 'fail', 1);
    const forged = { ...undoLineOf(bens, at(2)), reviewer: 'ana' };
    const nothing = { ...undoLineOf(bens, at(3)), undo: 'ffffffffffffffff' };
    const { labels, issues } = currentLabels(sourced([bens, forged, nothing]));
    expect([...labels.keys()]).toEqual([labelKey('ben', 'g-1')]);
    expect(issues.map((i) => [i.line, i.severity, i.message])).toEqual([
      [2, 'warning', 'undo names a line of another reviewer or item; ignored'],
      [3, 'warning', 'undo names no label line with this id; ignored'],
    ]);
  });
});

describe('labelLineOf', () => {
  it('writes the whole label after the patch, leaving empty fields out, so a verdict is one short line', () => {
    const who = { item: 'g-1', reviewer: 'ana', at: at(1) };
    const first = labelLineOf(undefined, { verdict: 'pass' }, who);
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      item: 'g-1',
      verdict: 'pass',
      reviewer: 'ana',
      at: at(1),
    });
    expect(Object.keys(first)).toEqual(['id', 'item', 'verdict', 'reviewer', 'at']);
    const second = labelLineOf(first, { dimensions: { relevance: 4, accuracy: 'fail' }, notes: 'dates wrong' }, who);
    expect(second).toMatchObject({
      verdict: 'pass',
      dimensions: { accuracy: 'fail', relevance: 4 },
      note: 'dates wrong',
    });
    expect(Object.keys(second.dimensions!)).toEqual(['accuracy', 'relevance']);
    expect(second.id).not.toBe(first.id);
  });
});

describe('reviewerSlug', () => {
  it('makes a file name of any name, the same for the same name', () => {
    expect(reviewerSlug('Ana María')).toBe('ana-maria');
    expect(reviewerSlug('  o’Brien, Ben ')).toBe('o-brien-ben');
    expect(reviewerSlug('')).toBe('unnamed');
    expect(reviewerSlug('田中')).toMatch(/^reviewer-[0-9a-f]{8}$/);
    expect(reviewerSlug('田中')).toBe(reviewerSlug('田中'));
    expect(reviewerSlug('田中')).not.toBe(reviewerSlug('佐藤'));
    expect(reviewerSlug('../../etc')).toBe('etc');
  });
});
