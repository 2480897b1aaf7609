// The one way workspace files are written: atomically (temporary file and rename in the same folder), through a
// symlink to the file it names (the link stays), and only over the text they were read as, so a change another
// program made on disk is refused or re-applied, never overwritten.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readlinkSync,
  lstatSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { RpcError } from '../../src-shared/rpc/wire';
import { withFileLock } from './file-lock';

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

/** The file a write to `path` must replace: the end of its chain of symlinks (a dangling link names a new file). */
export function writeTarget(path: string): string {
  let at = resolve(path);
  for (let hops = 0; hops < 40; hops += 1) {
    let link: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) return at;
      link = readlinkSync(at);
    } catch {
      return at; // does not exist yet: the write creates it
    }
    at = resolve(dirname(at), link);
  }
  throw new RpcError('bad_input', `${basename(path)}: too many levels of symbolic links`);
}

function writeTemp(target: string, text: string): string {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const mode = existsSync(target) ? statSync(target).mode & 0o777 : 0o644;
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  return temp;
}

/** Puts `text` in place of `target` at once: written to a temporary file beside it, then renamed over it. */
function replaceFile(target: string, text: string): void {
  const temp = writeTemp(target, text);
  try {
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Writes `text` to `path` through a temporary file beside the file a symlink names, keeping its permissions. */
export function writeFileAtomic(path: string, text: string): void {
  const target = writeTarget(path);
  mkdirSync(dirname(target), { recursive: true });
  replaceFile(target, text);
}

/** The whole text of an open file, from its start whatever was read of it before. */
function textOf(fd: number): string {
  const buffer = Buffer.alloc(fstatSync(fd).size);
  let at = 0;
  while (at < buffer.length) {
    const read = readSync(fd, buffer, at, buffer.length - at, at);
    if (read === 0) break;
    at += read;
  }
  return buffer.subarray(0, at).toString('utf8');
}

/**
 * Replaces the file read as `snapshot` by `next`: nothing is written when the text is the same, and a file that no
 * longer has the text it was read with is refused with FileChangedError. Our own writers take a lock beside the file;
 * another program that writes the old file in place while we rename is caught afterwards (the old inode no longer
 * holds the text we read) and its text is put back. Returns whether the file was written.
 */
export function writeSnapshot(snapshot: FileSnapshot, next: string): boolean {
  if (next === snapshot.text && snapshot.hash !== null) return false;
  const target = writeTarget(snapshot.path);
  mkdirSync(dirname(target), { recursive: true });
  return withFileLock(target, () => {
    const old = existsSync(target) ? openSync(target, 'r') : undefined;
    try {
      if ((old === undefined ? null : textHash(textOf(old))) !== snapshot.hash)
        throw new FileChangedError(snapshot.path);
      replaceFile(target, next);
      if (old !== undefined) {
        const late = textOf(old);
        if (textHash(late) !== snapshot.hash) {
          // Written in place between our check and our rename: theirs goes back, ours is refused.
          if (readSnapshot(target).text === next) writeFileAtomic(target, late);
          throw new FileChangedError(snapshot.path);
        }
      } else if (readSnapshot(target).text !== next) throw new FileChangedError(snapshot.path);
      return true;
    } finally {
      if (old !== undefined) closeSync(old);
    }
  });
}

/**
 * Reads, edits and writes back one file; `edit` gets the text and returns the new text (the same text: no write). A
 * file that changes meanwhile is read again and the edit applied to its new text (a few tries, then refused).
 */
export function editFile(
  path: string,
  edit: (text: string) => string,
): { before: string; after: string; written: boolean } {
  return retryOnChange(() => {
    const snapshot = readSnapshot(path);
    const after = edit(snapshot.text);
    return { before: snapshot.text, after, written: writeSnapshot(snapshot, after) };
  });
}

/** Runs a read-edit-write `attempt` again while the file changes under it (FileChangedError), a few times at most. */
export function retryOnChange<T>(attempt: () => T, tries = 5): T {
  for (let left = tries; ; left -= 1) {
    try {
      return attempt();
    } catch (error) {
      if (!(error instanceof FileChangedError) || left <= 1) throw error;
    }
  }
}
