// A file-system error about a path the user named (an output that is a folder, a parent that is a file, no such
// folder, no permission): a refusal of that input in one line, never an internal error with a stack trace.
import { RpcError } from './wire';

const WORDS: Readonly<Record<string, string>> = {
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way of a folder',
  ENOENT: 'no such file or folder',
  EACCES: 'not allowed',
  EPERM: 'not allowed',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many levels of symbolic links',
  ENXIO: 'not a regular file (a device or a FIFO with no writer)',
};

/** `bad_input` naming the path and what is wrong with it, or undefined for an error that is not about a path. */
export function pathRefusal(error: unknown): RpcError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = Reflect.get(error, 'code');
  const path = Reflect.get(error, 'path');
  if (typeof code !== 'string' || typeof path !== 'string' || WORDS[code] === undefined) return undefined;
  const syscall = Reflect.get(error, 'syscall');
  const doing = typeof syscall === 'string' && /open|read|stat/.test(syscall) ? 'use' : 'write';
  return new RpcError('bad_input', `cannot ${doing} ${path}: ${WORDS[code]} (${code})`);
}
