// Reads a judge's gold-set folder: its item files, its reviewers' label lines, its validations, and a cheap fingerprint.
import { createHash } from 'node:crypto';
import { lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  LABELS_DIR,
  reviewerLine,
  validationLine,
  type GoldItemFile,
  type ValidationLine,
  type WorkspaceIssue,
} from '../../../src-shared/model';
import { listFolder, readWorkspaceFile } from '../workspace-files';
import { readGoldItemFile } from './gold-item-file';
import { readJsonLines, type Placed } from './json-lines';
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

/**
 * What changed on disk, cheaply: a hash of each file's name, size and modification time (nanoseconds), apart for the
 * items (large, rarely changed) and the label lines (small, changed at every label), so a label re-reads only lines.
 */
export type GoldSetFingerprint = Readonly<{ items: string; labels: string }>;

export function goldSetFingerprint(dir: string, grader: string): GoldSetFingerprint {
  const stamp = (files: readonly string[]) => {
    const hash = createHash('sha256');
    for (const file of files) {
      try {
        const stat = statSync(join(dir, file), { bigint: true });
        hash.update(`${file}\u0000${stat.size}\u0000${stat.mtimeNs}\n`);
      } catch {
        hash.update(`${file}\u0000gone\n`);
      }
    }
    return hash.digest('hex').slice(0, 32);
  };
  return {
    items: stamp(itemFiles(dir, grader)),
    labels: stamp([...reviewerFiles(dir, grader), validationsFile(grader)]),
  };
}

type Read<T> = Readonly<{ values: T[]; issues: WorkspaceIssue[] }>;

/** A file that cannot be read (not UTF-8, a link out of the workspace) is one issue at its first line. */
function readText(dir: string, file: string, issues: WorkspaceIssue[]): string | undefined {
  const read = readWorkspaceFile(dir, file);
  if (read.ok) return read.text;
  const at = read.position ?? { line: 1, column: 1 };
  issues.push({ file, ...at, path: '', message: read.problem, severity: 'error' });
  return undefined;
}

/** The gold set's items, by id; an item with a problem is reported and left out. */
export function readGoldItems(dir: string, grader: string): Read<GoldItemFile> {
  const values: GoldItemFile[] = [];
  const issues: WorkspaceIssue[] = [];
  for (const file of itemFiles(dir, grader)) {
    const text = readText(dir, file, issues);
    if (text === undefined) continue;
    const id = file.slice(file.lastIndexOf('/') + 1, -'.yaml'.length);
    const read = readGoldItemFile(file, text, { grader, id });
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
    const text = readText(dir, file, issues);
    if (text === undefined) continue;
    const read = readJsonLines(file, text, reviewerLine);
    issues.push(...read.issues);
    values.push(...read.lines.map((line) => ({ ...line, file })));
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
