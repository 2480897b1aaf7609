// Append-only JSON Lines files (a reviewer's labels, a judge's validations): one line each, read with positioned errors.
import { closeSync, fsyncSync, mkdirSync, openSync, readSync, fstatSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import type { WorkspaceIssue } from '../../../src-shared/model';

/** A line read from a file with its line number (1-based). */
export type Placed<T> = Readonly<{ value: T; line: number }>;

export type ReadLines<T> = Readonly<{ lines: Placed<T>[]; issues: WorkspaceIssue[] }>;

/**
 * Reads every line of `text` as `schema`; blank lines are skipped and a bad line is reported (file, line, column, key)
 * and left out, so one typo never hides the other labels. An unfinished last line is a write that was interrupted.
 * `firstLine`: the number of the text's first line (a file's appended lines are read on their own).
 */
export function readJsonLines<T>(file: string, text: string, schema: z.ZodType<T>, firstLine = 1): ReadLines<T> {
  const lines: Placed<T>[] = [];
  const issues: WorkspaceIssue[] = [];
  const rows = text.split('\n');
  const unfinished = !text.endsWith('\n');
  rows.forEach((raw, index) => {
    const row = raw.replace(/\r$/, '');
    if (row.trim() === '') return;
    const line = index + firstLine;
    const issue = (column: number, path: string, message: string) =>
      issues.push({ file, line, column, path, message, severity: 'error' });
    let data: unknown;
    try {
      data = JSON.parse(row);
    } catch (error) {
      const at = /position (\d+)/.exec((error as Error).message)?.[1];
      const cut = unfinished && index === rows.length - 1 ? ' (an unfinished line: was a write interrupted?)' : '';
      return issue(at === undefined ? 1 : Number(at) + 1, '', `not a JSON object on one line${cut}`);
    }
    const parsed = schema.safeParse(data);
    if (parsed.success) return lines.push({ value: parsed.data, line });
    const first = parsed.error.issues[0]!;
    const key = first.path[0];
    const keyAt = key === undefined ? -1 : row.indexOf(JSON.stringify(String(key)));
    const path = first.path.map(String).join('.');
    const message =
      first.code === 'unrecognized_keys'
        ? `unknown key "${first.keys.join('", "')}"`
        : `${path || 'line'}: ${first.message}`;
    issue(keyAt >= 0 ? keyAt + 1 : 1, path, message);
  });
  return { lines, issues };
}

/** `value` as one line of JSON (its keys in the order the object has them, UTF-8 as is). */
export const jsonLine = (value: object): string => `${JSON.stringify(value)}\n`;

/**
 * Appends one line at the end of `path` (created with its folders if missing). O_APPEND puts each write at the end
 * even when another process appends too; a file whose last line has no newline (a hand edit, a cut write) gets one
 * first, so the new line never joins it. fsync before returning: the label is on disk when the caller says so.
 */
export function appendLine(path: string, line: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a+');
  try {
    const size = fstatSync(fd).size;
    let joined = line;
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) joined = `\n${line}`;
    }
    writeSync(fd, joined);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
