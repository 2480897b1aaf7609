// A connection that cannot be built from its configuration, and the workspace-path check its cassette goes through.
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { refusal } from '../../../src-shared/rpc/wire';

/** A provider that cannot be built from its configuration (missing key, bad cassette path): an input error, exit 2. */
export class ProviderConfigError extends refusal('bad_input', 'ProviderConfigError') {}

/** Resolves a workspace-relative path and refuses one that leaves the workspace, through `..`, an absolute path or a symlink. */
export function resolveInside(workspaceDir: string, file: string, who: string): string {
  const root = resolve(workspaceDir);
  const path = resolve(root, file);
  const inside = (candidate: string, base: string) => {
    const rel = relative(base, candidate);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  };
  const escapes = !inside(path, root) || (existsSync(path) && !inside(realpathSync(path), realpathSync(root)));
  if (escapes)
    throw new ProviderConfigError(`${who}: ${file} is outside the workspace ${root}; keep cassettes inside it`);
  return path;
}
