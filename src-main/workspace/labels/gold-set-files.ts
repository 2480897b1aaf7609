// Reads a judge's gold-set folder: its item files, its reviewers' label lines, its validations, and a cheap fingerprint.
import { createHash } from 'node:crypto';
import { lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  LABELS_DIR,
  reviewerLine,
  validationLine,
  type GoldItemFile,
  type ReviewerLine,
  type ValidationLine,
  type WorkspaceIssue,
} from '../../../src-shared/model';
import { listFolder, readWorkspaceFile } from '../workspace-files';
import { readGoldItemFile, type ReadGoldItem } from './gold-item-file';
import { readJsonLines, type Placed, type ReadLines } from './json-lines';
import { goldSetDir, validationsFile } from './label-paths';
import type { SourcedLine } from './reviewer-labels';

/** The folders under labels/ (one a judge), sorted; files and hidden entries are left out. */
export function goldSetFolders(dir: string): string[] {
  return listFolder(dir, LABELS_DIR).filter((name) => !name.startsWith('.') && isFolder(join(dir, LABELS_DIR, name)));
}

const isFolder = (path: string) => {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The visible files of a folder of the gold set with this ending, relative to the workspace, sorted. */
const filesIn = (dir: string, folder: string, ending: string) =>
  listFolder(dir, folder)
    .filter((name) => !name.startsWith('.') && name.endsWith(ending))
    .map((name) => `${folder}/${name}`);

const itemFiles = (dir: string, grader: string) => filesIn(dir, `${goldSetDir(grader)}/items`, '.yaml');
const reviewerFiles = (dir: string, grader: string) => filesIn(dir, `${goldSetDir(grader)}/reviewers`, '.jsonl');

/** A file's size and modification time (nanoseconds), or "gone": it changed when this changed. */
export type Stamps = ReadonlyMap<string, string>;

const stampsOf = (dir: string, files: readonly string[]): Map<string, string> =>
  new Map(
    files.map((file) => {
      try {
        const stat = statSync(join(dir, file), { bigint: true });
        return [file, `${stat.size}:${stat.mtimeNs}`];
      } catch {
        return [file, 'gone'];
      }
    }),
  );

const hashOf = (stamps: Stamps) => {
  const hash = createHash('sha256');
  for (const [file, stamp] of stamps) hash.update(`${file}\u0000${stamp}\n`);
  return hash.digest('hex').slice(0, 32);
};

/**
 * What changed on disk, cheaply: a hash of each file's name, size and modification time, apart for the items (large,
 * rarely changed) and the label lines (small, changed at every label), so a label re-reads only lines; with each
 * file's stamp, so a reader re-reads only the files whose stamp changed.
 */
export type GoldSetFingerprint = Readonly<{ items: string; labels: string; itemStamps: Stamps; lineStamps: Stamps }>;

export function goldSetFingerprint(dir: string, grader: string): GoldSetFingerprint {
  const itemStamps = stampsOf(dir, itemFiles(dir, grader));
  const lineStamps = reviewerStamps(dir, grader);
  const validations = stampsOf(dir, [validationsFile(grader)]);
  return {
    items: hashOf(itemStamps),
    labels: hashOf(new Map([...lineStamps, ...validations])),
    itemStamps,
    lineStamps,
  };
}

/** The stamps of the gold set's reviewer files. */
export const reviewerStamps = (dir: string, grader: string): Stamps => stampsOf(dir, reviewerFiles(dir, grader));

type Read<T> = Readonly<{ values: T[]; issues: WorkspaceIssue[] }>;

/** A file that cannot be read (not UTF-8, a link out of the workspace) is one issue at its first line. */
function readText(dir: string, file: string, issues: WorkspaceIssue[]): string | undefined {
  const read = readWorkspaceFile(dir, file);
  if (read.ok) return read.text;
  const at = read.position ?? { line: 1, column: 1 };
  issues.push({ file, ...at, path: '', message: read.problem, severity: 'error' });
  return undefined;
}

/** One item file, checked (readGoldItemFile); a file that cannot be read is one issue. */
export function readItemFile(dir: string, file: string, grader: string): ReadGoldItem {
  const issues: WorkspaceIssue[] = [];
  const text = readText(dir, file, issues);
  if (text === undefined) return { value: undefined, issues };
  const id = file.slice(file.lastIndexOf('/') + 1, -'.yaml'.length);
  return readGoldItemFile(file, text, { grader, id });
}

/** A reviewer file as read: its text and its lines (`line` numbers from 1). */
export type LinesFile = Readonly<{ text: string; read: ReadLines<ReviewerLine> }>;

/**
 * One reviewer file. Given how it read before, a file that only grew (the lines are appended) has only its new lines
 * parsed; any other change is read whole.
 */
export function readLinesFile(dir: string, file: string, before?: LinesFile): LinesFile {
  const issues: WorkspaceIssue[] = [];
  const text = readText(dir, file, issues) ?? '';
  if (before && before.text.endsWith('\n') && text.startsWith(before.text)) {
    const firstLine = before.text.split('\n').length;
    const tail = readJsonLines(file, text.slice(before.text.length), reviewerLine, firstLine);
    return {
      text,
      read: {
        lines: [...before.read.lines, ...tail.lines],
        issues: [...before.read.issues, ...issues, ...tail.issues],
      },
    };
  }
  const read = readJsonLines(file, text, reviewerLine);
  return { text, read: { lines: read.lines, issues: [...issues, ...read.issues] } };
}

/** The lines of files as the fold takes them, each with its file. */
export const sourced = (file: string, read: ReadLines<ReviewerLine>): SourcedLine[] =>
  read.lines.map((line) => ({ ...line, file }));

/** The gold set's items, by id; an item with a problem is reported and left out. */
export function readGoldItems(dir: string, grader: string): Read<GoldItemFile> {
  const values: GoldItemFile[] = [];
  const issues: WorkspaceIssue[] = [];
  for (const file of itemFiles(dir, grader)) {
    const read = readItemFile(dir, file, grader);
    issues.push(...read.issues);
    if (read.value) values.push(read.value);
  }
  return { values, issues };
}

/** Every line of every reviewer file of the gold set, in file and line order. */
export function readReviewerLines(dir: string, grader: string): Read<SourcedLine> {
  const values: SourcedLine[] = [];
  const issues: WorkspaceIssue[] = [];
  for (const file of reviewerFiles(dir, grader)) {
    const { read } = readLinesFile(dir, file);
    issues.push(...read.issues);
    values.push(...sourced(file, read));
  }
  return { values, issues };
}

/** The judge's validation lines (none while the file is missing). */
export function readValidationLines(dir: string, grader: string): Read<Placed<ValidationLine>> {
  const file = validationsFile(grader);
  const issues: WorkspaceIssue[] = [];
  if (!isFile(join(dir, file))) return { values: [], issues };
  const text = readText(dir, file, issues);
  if (text === undefined) return { values: [], issues };
  const read = readJsonLines(file, text, validationLine);
  return { values: read.lines, issues: [...issues, ...read.issues] };
}

const isFile = (path: string) => {
  try {
    return lstatSync(path).isFile() || lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};
