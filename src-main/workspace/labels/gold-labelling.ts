// A reviewer labels a gold item, or takes a label back: one line appended to their own file of the judge's gold set.
import type { LabelLine, LabelPatch, UndoLine } from '../../../src-shared/model';
import { readReviewerLines } from './gold-set-files';
import { appendReviewerLine } from './gold-set-writes';
import { currentLabels, labelKey, labelLineOf, undoLineOf, type SourcedLine } from './reviewer-labels';

type Who = Readonly<{ grader: string; item: string; reviewer: string; now: number }>;

/** Every line of the gold set's reviewer files as they are now (a cached reader's, else read here). */
type Lines = readonly SourcedLine[] | undefined;

/** The reviewer's current label line of the item, as every reviewer file of the gold set says now. */
function currentLine(dir: string, { grader, item, reviewer }: Who, lines: Lines): LabelLine | undefined {
  const { labels } = currentLabels(lines ?? readReviewerLines(dir, grader).values);
  return labels.get(labelKey(reviewer, item))?.line;
}

/**
 * Applies `patch` to the reviewer's current label of the item and appends the result as a new line. Its time is after
 * the line it replaces even within one millisecond, so the new line is always the latest.
 */
export function labelGoldItem(dir: string, who: Who, patch: LabelPatch, lines?: Lines): LabelLine {
  const current = currentLine(dir, who, lines);
  const at = Math.max(who.now, current ? Date.parse(current.at) + 1 : 0);
  const line = labelLineOf(current, patch, { item: who.item, reviewer: who.reviewer, at: new Date(at).toISOString() });
  appendReviewerLine(dir, who.grader, line);
  return line;
}

/**
 * Takes back a label line of the reviewer: `lineId` when given (the change being undone), else their current label
 * of the item. Returns the undo line written, or null when there was nothing to take back.
 */
export function undoGoldLabel(dir: string, who: Who, lineId?: string, known?: Lines): UndoLine | null {
  const lines = known ?? readReviewerLines(dir, who.grader).values;
  const target = lineId
    ? lines.find((line) => line.value.id === lineId && !('undo' in line.value))?.value
    : currentLabels(lines).labels.get(labelKey(who.reviewer, who.item))?.line;
  if (!target || 'undo' in target) return null;
  const line = undoLineOf(target, new Date(who.now).toISOString());
  appendReviewerLine(dir, who.grader, line);
  return line;
}
