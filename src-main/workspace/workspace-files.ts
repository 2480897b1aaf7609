// Reads a workspace's files safely: every path stays inside the workspace after following symlinks, and is a file.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export type FileText =
  { ok: true; text: string } | { ok: false; problem: string; position?: Readonly<{ line: number; column: number }> };

/** Why `file` (relative to `dir`) cannot be read as a workspace file, or its real path when it can. */
export function workspaceFilePath(
  dir: string,
  file: string,
): { ok: true; path: string } | { ok: false; problem: string } {
  const root = resolve(dir);
  const path = resolve(root, file);
  if (!isInside(root, path)) return { ok: false, problem: `${file} is outside the workspace folder` };
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    if (isDanglingSymlink(path))
      return { ok: false, problem: `${file} is a symbolic link to a file that does not exist` };
    return { ok: false, problem: `${file} does not exist` };
  }
  if (!isInside(realpathSync(root), real))
    return { ok: false, problem: `${file} is a symbolic link to ${real}, outside the workspace folder` };
  const stat = statSync(real);
  if (stat.isDirectory()) return { ok: false, problem: `${file} is a folder, not a file` };
  // A FIFO or a device would block the read for ever or never end.
  if (!stat.isFile()) return { ok: false, problem: `${file} is not a regular file (a pipe, socket or device)` };
  return { ok: true, path: real };
}

/** The text of a workspace file, or why it cannot be read. */
export function readWorkspaceFile(dir: string, file: string): FileText {
  const found = workspaceFilePath(dir, file);
  if (!found.ok) return found;
  let bytes: Buffer;
  try {
    bytes = readFileSync(found.path);
  } catch (error) {
    return { ok: false, problem: `${file} cannot be read: ${(error as Error).message}` };
  }
  const text = bytes.toString('utf8');
  const bad = firstInvalidUtf8(bytes, text);
  if (bad === undefined) return { ok: true, text: stripBom(text) };
  const before = text.slice(0, bad.index);
  const line = before.split('\n').length;
  return {
    ok: false,
    problem: `${file} is not UTF-8 text: byte 0x${bad.byte.toString(16).padStart(2, '0')} at byte offset ${bad.offset} is no UTF-8 character; save the file as UTF-8`,
    position: { line, column: bad.index - before.lastIndexOf('\n') },
  };
}

/**
 * Where `bytes` stop being UTF-8: the first U+FFFD of `text` (their lenient decoding) that the file does not spell
 * out as EF BF BD. Without this a stray Latin-1 byte would be replaced silently and sent to the model.
 */
function firstInvalidUtf8(bytes: Buffer, text: string): { index: number; offset: number; byte: number } | undefined {
  if (!text.includes('\uFFFD')) return undefined;
  let offset = 0;
  let from = 0;
  for (let index = text.indexOf('\uFFFD'); index !== -1; index = text.indexOf('\uFFFD', index + 1)) {
    offset += Buffer.byteLength(text.slice(from, index));
    from = index + 1;
    if (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd) {
      offset += 3;
      continue;
    }
    return { index, offset, byte: bytes[offset] ?? 0 };
  }
  return undefined;
}

/** The names in a workspace folder (none when it is missing or not a folder), sorted. */
export function listFolder(dir: string, folder: string): string[] {
  try {
    return readdirSync(join(dir, folder)).sort();
  } catch {
    return [];
  }
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
}

function isDanglingSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
