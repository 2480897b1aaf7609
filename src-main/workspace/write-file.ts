// The one way workspace files are written: atomically (temporary file and rename in the same folder), and only over
// the text they were read as, so a change another program made on disk is refused, never overwritten.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RpcError } from '../../src-shared/rpc/wire';

/** A file's text as read, with the fingerprint a later write compares against (null: the file did not exist). */
export type FileSnapshot = Readonly<{ path: string; text: string; hash: string | null }>;

/** A file changed on disk between its read and the write meant to replace it. */
export class FileChangedError extends RpcError {
  constructor(readonly path: string) {
    super(
      'conflict',
      `${basename(path)} changed on disk since it was read; nothing was written (reload it, then apply the change again)`,
    );
    this.name = 'FileChangedError';
  }
}

export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

export function readSnapshot(path: string): FileSnapshot {
  if (!existsSync(path)) return { path, text: '', hash: null };
  const text = readFileSync(path, 'utf8');
  return { path, text, hash: textHash(text) };
}

/** Writes `text` to `path` through a temporary file in the same folder, keeping the old file's permissions. */
export function writeFileAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const mode = existsSync(path) ? statSync(path).mode & 0o777 : 0o644;
  try {
    const fd = openSync(temp, 'wx', mode);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Replaces the file read as `snapshot` by `next`: nothing is written when the text is the same, and a file that no
 * longer has the text it was read with is refused with FileChangedError. Returns whether the file was written.
 */
export function writeSnapshot(snapshot: FileSnapshot, next: string): boolean {
  if (next === snapshot.text && snapshot.hash !== null) return false;
  const now = readSnapshot(snapshot.path);
  if (now.hash !== snapshot.hash) throw new FileChangedError(snapshot.path);
  writeFileAtomic(snapshot.path, next);
  return true;
}

/** Reads, edits and writes back one file; `edit` gets the text and returns the new text (the same text: no write). */
export function editFile(
  path: string,
  edit: (text: string) => string,
): { before: string; after: string; written: boolean } {
  const snapshot = readSnapshot(path);
  const after = edit(snapshot.text);
  return { before: snapshot.text, after, written: writeSnapshot(snapshot, after) };
}
