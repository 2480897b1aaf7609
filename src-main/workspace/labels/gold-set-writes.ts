// The only writes to a workspace's label files: a new item file, a line appended to a reviewer's or validations file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS_DIR, type GoldItemFile, type ReviewerLine, type ValidationLine } from '../../../src-shared/model';
import { readSnapshot, writeFileAtomic, writeSnapshot } from '../write-file';
import { goldItemFileText } from './gold-item-file';
import { appendLine, jsonLine } from './json-lines';
import { itemFile, reviewerFile, validationsFile } from './label-paths';

/** labels/.gitattributes: git's union merge keeps both sides' appended lines, so two machines never conflict. */
export const LABELS_GITATTRIBUTES = [
  '# Label and validation lines are only ever appended (ai-eval, docs/labels.md): when two branches add lines to one',
  '# file, git keeps the lines of both.',
  '*.jsonl merge=union',
  '',
].join('\n');

/** Writes labels/.gitattributes the first time the labels folder is written to; a user's own file is left alone. */
function ensureLabelsFolder(dir: string): void {
  const path = join(dir, LABELS_DIR, '.gitattributes');
  if (!existsSync(path)) writeFileAtomic(path, LABELS_GITATTRIBUTES);
}

/**
 * Writes an item's file unless it exists: an id names one content, so an existing file already holds this item (and
 * whatever was decided about it). Returns whether the file was new.
 */
export function writeGoldItem(dir: string, item: GoldItemFile): boolean {
  const path = join(dir, itemFile(item.grader, item.id));
  if (existsSync(path)) return false;
  ensureLabelsFolder(dir);
  writeSnapshot(readSnapshot(path), goldItemFileText(item)); // a file made meanwhile is refused, never replaced
  return true;
}

/** Appends a label or undo line to the reviewer's own file of the judge's gold set. */
export function appendReviewerLine(dir: string, grader: string, line: ReviewerLine): string {
  ensureLabelsFolder(dir);
  const file = reviewerFile(grader, line.reviewer);
  appendLine(join(dir, file), jsonLine(line));
  return file;
}

/** Appends a validation to the judge's validations file. */
export function appendValidationLine(dir: string, grader: string, line: ValidationLine): void {
  ensureLabelsFolder(dir);
  appendLine(join(dir, validationsFile(grader)), jsonLine(line));
}
