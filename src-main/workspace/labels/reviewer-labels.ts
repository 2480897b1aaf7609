// A judge's label lines from every reviewer's file folded into each reviewer's current label of each item.
import { randomBytes } from 'node:crypto';
import {
  applyLabelPatch,
  type LabelContent,
  type LabelLine,
  type LabelPatch,
  type ReviewerLine,
  type UndoLine,
  type WorkspaceIssue,
} from '../../../src-shared/model';
import type { Placed } from './json-lines';

/** 16 random hex digits: a line id no other machine will write. */
export const newLineId = (): string => randomBytes(8).toString('hex');

/** A line as the fold sees it: where it was read (for errors), its value. */
export type SourcedLine = Placed<ReviewerLine> & Readonly<{ file: string }>;

/** One reviewer's current label of one item: their latest line that was not taken back, and when they first labelled it. */
export type CurrentLabel = Readonly<{ line: LabelLine; firstAt: string }>;

const isUndo = (line: ReviewerLine): line is UndoLine => 'undo' in line;

/** Later first: by time, then by id, so the order never depends on how git merged a file. */
const later = (a: Pick<LabelLine, 'at' | 'id'>, b: Pick<LabelLine, 'at' | 'id'>) =>
  a.at > b.at || (a.at === b.at && a.id > b.id);

/** `reviewer \0 item`: the key of one reviewer's label of one item. */
export const labelKey = (reviewer: string, item: string): string => `${reviewer}\u0000${item}`;

/**
 * Every reviewer's current label of every item. The rule (docs/labels.md): a reviewer's latest line for an item wins,
 * by its time; an undo line takes back the line it names (the reviewer's earlier label, if any, counts again). An undo
 * may only take back a line of the same reviewer and item; any other is reported and ignored.
 */
export function currentLabels(lines: readonly SourcedLine[]): Readonly<{
  labels: Map<string, CurrentLabel>;
  issues: WorkspaceIssue[];
}> {
  const issues: WorkspaceIssue[] = [];
  const byId = new Map<string, LabelLine>();
  for (const { value } of lines) if (!isUndo(value)) byId.set(value.id, value);
  const undone = new Set<string>();
  for (const { value, file, line } of lines) {
    if (!isUndo(value)) continue;
    const target = byId.get(value.undo);
    if (target && target.reviewer === value.reviewer && target.item === value.item) undone.add(target.id);
    else {
      const why = target ? 'a line of another reviewer or item' : 'no label line with this id';
      issues.push({ file, line, column: 1, path: 'undo', message: `undo names ${why}; ignored`, severity: 'warning' });
    }
  }
  const labels = new Map<string, CurrentLabel>();
  for (const label of byId.values()) {
    if (undone.has(label.id)) continue;
    const key = labelKey(label.reviewer, label.item);
    const current = labels.get(key);
    if (!current) labels.set(key, { line: label, firstAt: label.at });
    else
      labels.set(key, {
        line: later(label, current.line) ? label : current.line,
        firstAt: label.at < current.firstAt ? label.at : current.firstAt,
      });
  }
  return { labels, issues };
}

/** What a label line says, as the label model has it. */
export const contentOf = (line: LabelLine | undefined): LabelContent | undefined =>
  line && {
    verdict: line.verdict ?? null,
    dimensions: line.dimensions ?? {},
    tags: line.tags ?? [],
    notes: line.note ?? '',
  };

/**
 * The line a change writes: the reviewer's current label of the item with `patch` applied, whole (a line never
 * depends on an earlier one). Empty fields are left out, so a plain verdict is one short line.
 */
export function labelLineOf(
  current: LabelLine | undefined,
  patch: LabelPatch,
  who: Readonly<{ item: string; reviewer: string; at: string }>,
): LabelLine {
  const next = applyLabelPatch(contentOf(current), patch);
  return {
    id: newLineId(),
    item: who.item,
    ...(next.verdict === null ? {} : { verdict: next.verdict }),
    ...(Object.keys(next.dimensions).length === 0 ? {} : { dimensions: sortedKeys(next.dimensions) }),
    ...(next.tags.length === 0 ? {} : { tags: [...next.tags] }),
    ...(next.notes === '' ? {} : { note: next.notes }),
    reviewer: who.reviewer,
    at: who.at,
  };
}

export const undoLineOf = (undone: LabelLine, at: string): UndoLine => ({
  id: newLineId(),
  item: undone.item,
  undo: undone.id,
  reviewer: undone.reviewer,
  at,
});

const sortedKeys = <T>(record: Readonly<Record<string, T>>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
