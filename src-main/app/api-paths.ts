// Paths named by an API call (the renderer or a local program): resolved, links followed, and kept inside the workspace.
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { RpcError } from '../../src-shared/rpc/wire';
import { isInside } from '../engine/export/safe-path';
import type { Ctx } from '../../src-shared/rpc/ctx';

/**
 * Where `path` really leads, links followed, even when its end does not exist yet: the deepest part that exists (or a
 * dangling link's target) is resolved and the missing rest appended, so a link to elsewhere in a parent is seen.
 */
export function realPathOf(path: string): string {
  const rest: string[] = [];
  let at = resolve(path);
  for (let hops = 0; hops < 64; hops += 1) {
    if (existsSync(at)) return join(realpathSync(at), ...rest);
    let link: string | undefined;
    try {
      if (lstatSync(at).isSymbolicLink()) link = readlinkSync(at);
    } catch {
      // not there at all: look at its parent
    }
    if (link !== undefined) {
      at = resolve(dirname(at), link);
      continue;
    }
    const up = dirname(at);
    if (up === at) break;
    rest.unshift(basename(at));
    at = up;
  }
  return join(at, ...rest);
}

/**
 * `path` resolved against the workspace folder, symbolic links followed; refused (bad_input) unless it stays inside
 * the workspace (docs/security.md), so `../../etc/shadow` or a link to it is never opened. The message names the path only.
 */
export function resolveApiPath(workspaceDir: string, path: string, what: string): string {
  const root = realpathSync(workspaceDir);
  const target = resolve(workspaceDir, path);
  const real = realPathOf(target);
  if (!isInside(workspaceDir, target) || !isInside(root, real))
    throw new RpcError(
      'bad_input',
      `${what} ${path} is outside the workspace ${workspaceDir}${real !== target ? ' (through a symbolic link)' : ''}; copy the file into the workspace`,
    );
  return target;
}

/**
 * A path a caller named: the CLI is the user at their own shell, so its paths (absolute, resolved against the
 * current folder) may be anywhere, as any program's arguments; every other caller is kept inside the workspace.
 */
export function callerPath(ctx: Ctx, workspaceDir: string, path: string, what: string): string {
  return ctx.transport === 'cli' ? resolve(workspaceDir, path) : resolveApiPath(workspaceDir, path, what);
}
