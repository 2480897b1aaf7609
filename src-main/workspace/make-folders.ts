// `mkdir -p` one folder at a time: Node's recursive mkdir can loop without end under some parents (/proc), and a
// file in the way must be named, not retried.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

function notAFolder(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), {
    code: 'ENOTDIR',
    path,
    syscall: 'mkdir',
  });
}

/** Creates `path` and its missing parents; a parent that is a file is refused (ENOTDIR), every other error is thrown. */
export function makeFolders(path: string): void {
  const missing: string[] = [];
  let at = resolve(path);
  while (!existsSync(at)) {
    missing.push(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (existsSync(at) && !statSync(at).isDirectory()) throw notAFolder(at);
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Made by someone else meanwhile is fine; anything else (no permission, a read-only or odd file system) is not.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(folder).isDirectory()) throw error;
    }
  }
}
