// Files a user names as input (a bundle, an envelope, a labels file): only a regular file of a sane size is read, so a
// FIFO, a device or a folder is refused at once instead of hanging or allocating without end.
import { readFileSync, statSync } from 'node:fs';
import { RpcError } from '../../src-shared/rpc/wire';

/** What an input file may weigh unless a reader says otherwise (an envelope, a manifest, a labels file). */
export const INPUT_FILE_CAP = 512 * 1024 * 1024;

const KINDS: readonly [(s: ReturnType<typeof statSync>) => boolean, string][] = [
  [(s) => s!.isDirectory(), 'a folder'],
  [(s) => s!.isFIFO(), 'a FIFO (named pipe)'],
  [(s) => s!.isCharacterDevice() || s!.isBlockDevice(), 'a device'],
  [(s) => s!.isSocket(), 'a socket'],
];

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;

/** Why `path` cannot be read as an input file (no such file, not a regular file, too big), or undefined. */
export function inputFileProblem(path: string, maxBytes = INPUT_FILE_CAP): string | undefined {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})`;
  }
  const kind = KINDS.find(([is]) => is(stat))?.[1];
  if (kind) return `${kind}, not a regular file; only regular files are read`;
  if (!stat.isFile()) return 'not a regular file; only regular files are read';
  if (stat.size > maxBytes)
    return `${megabytes(stat.size)}, more than the ${megabytes(maxBytes)} an input file may be; nothing was read`;
  return undefined;
}

/** Reads a regular file of at most `maxBytes`; anything else is refused (bad_input) naming `name` and why. */
export function readInputFile(path: string, name = path, maxBytes = INPUT_FILE_CAP): Buffer {
  const problem = inputFileProblem(path, maxBytes);
  if (problem) throw new RpcError('bad_input', `${name}: ${problem}`);
  return readFileSync(path);
}
