// Reads a workspace's gold sets again and again, re-reading only the files whose size or time changed since.
import type { GoldItemFile, WorkspaceIssue } from '../../../src-shared/model';
import type { ReadGoldItem } from './gold-item-file';
import { readItemFile, readLinesFile, reviewerStamps, sourced, type LinesFile, type Stamps } from './gold-set-files';
import { goldSetDir } from './label-paths';
import type { SourcedLine } from './reviewer-labels';

type Cached<T> = { stamp: string; value: T };

/** A judge's items, with those read from disk this time (new or changed files). */
export type ItemsRead = Readonly<{ values: GoldItemFile[]; issues: WorkspaceIssue[]; fresh: GoldItemFile[] }>;

/**
 * A label costs one appended line, a sample a few new files: the reader keeps each file as last read, by its stamp
 * (size and modification time), so an unchanged item file is never parsed again and a reviewer file that grew has
 * only its new lines parsed. One reader per workspace folder.
 */
export class GoldSetReader {
  private readonly items = new Map<string, Cached<ReadGoldItem>>();
  private readonly lines = new Map<string, Cached<LinesFile>>();

  constructor(readonly dir: string) {}

  /** The judge's items, by the stamps of its item files (goldSetFingerprint's). */
  goldItems(grader: string, stamps: Stamps): ItemsRead {
    const values: GoldItemFile[] = [];
    const issues: WorkspaceIssue[] = [];
    const fresh: GoldItemFile[] = [];
    for (const [file, stamp] of stamps) {
      let cached = this.items.get(file);
      if (cached?.stamp !== stamp) {
        cached = { stamp, value: readItemFile(this.dir, file, grader) };
        this.items.set(file, cached);
        if (cached.value.value) fresh.push(cached.value.value);
      }
      issues.push(...cached.value.issues);
      if (cached.value.value) values.push(cached.value.value);
    }
    this.forgetMissing(this.items, `${goldSetDir(grader)}/items/`, stamps);
    return { values, issues, fresh };
  }

  /** Every line of the judge's reviewer files (by their stamps; stat'd here when not given). */
  reviewerLines(grader: string, stamps: Stamps = reviewerStamps(this.dir, grader)) {
    const values: SourcedLine[] = [];
    const issues: WorkspaceIssue[] = [];
    for (const [file, stamp] of stamps) {
      let cached = this.lines.get(file);
      if (cached?.stamp !== stamp) {
        cached = { stamp, value: readLinesFile(this.dir, file, cached?.value) };
        this.lines.set(file, cached);
      }
      issues.push(...cached.value.read.issues);
      values.push(...sourced(file, cached.value.read));
    }
    this.forgetMissing(this.lines, `${goldSetDir(grader)}/reviewers/`, stamps);
    return { values, issues };
  }

  private forgetMissing(cache: Map<string, unknown>, folder: string, stamps: Stamps): void {
    for (const file of cache.keys()) if (file.startsWith(folder) && !stamps.has(file)) cache.delete(file);
  }
}
