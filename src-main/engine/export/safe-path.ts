// Portable path components (EEE's rules) and writes that can never leave the chosen output folder.
import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { makeFolders } from '../../workspace/make-folders';

// EEE (validation_core.py): no <>:"/\|?* or control characters, no trailing dot or space, no Windows device
// names, and no component named "data" (it would be confused with the layout's root).
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ALL = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** Why `name` cannot be a path component in the EEE layout, or undefined when it can. */
export function componentProblem(name: string): string | undefined {
  if (name === '' || name === '.' || name === '..') return `"${name}" is not a file or folder name`;
  if (FORBIDDEN.test(name))
    return `"${name}" contains a character that is not portable (<>:"/\\|?* or a control character)`;
  if (/[. ]$/.test(name)) return `"${name}" ends with a dot or a space`;
  if (RESERVED.test(name)) return `"${name}" is a reserved device name on Windows`;
  if (name === 'data') return '"data" may only be the root of the layout';
  return undefined;
}

/** `name` made into a portable component: "llama3.1:8b" → "llama3.1-8b". */
export function portableComponent(name: string): string {
  let safe = name.replace(FORBIDDEN_ALL, '-').replace(/[. ]+$/, '');
  if (safe === '' || safe === '.' || safe === '..') safe = 'unknown';
  if (RESERVED.test(safe) || safe === 'data') safe = `${safe}_`;
  return safe;
}

/** True when `path` is `root` or inside it (lexically). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/**
 * Creates `root/relativeDir` and returns its absolute path; refuses a relative path that climbs out of `root`, and a
 * folder that a symbolic link inside `root` points elsewhere.
 */
export function ensureFolderInside(root: string, relativeDir: string): string {
  const target = resolve(root, relativeDir);
  if (!isInside(root, target)) throw new Error(`refusing to write outside ${root}: ${relativeDir}`);
  makeFolders(target);
  if (!isInside(realpathSync(root), realpathSync(target)))
    throw new Error(`refusing to write outside ${root}: ${relativeDir} is a link to elsewhere`);
  return target;
}

/** `folder/fileName`; refuses a file name that is not one portable component (no folder part, no ..). */
export function fileInside(folder: string, fileName: string): string {
  const problem = componentProblem(fileName);
  if (problem) throw new Error(`refusing to write ${fileName}: ${problem}`);
  return join(folder, fileName);
}
