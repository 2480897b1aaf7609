// Paths named by an API call (the renderer or a local program): resolved, links followed, and kept inside the workspace.
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { RpcError } from '../../src-shared/rpc/wire';
import { isInside } from '../engine/export/safe-path';
import type { Ctx } from '../../src-shared/rpc/ctx';

/**
 * `path` resolved against the workspace folder, symbolic links followed; refused (bad_input) unless it stays inside
 * the workspace (docs/security.md), so `../../etc/shadow` or a link to it is never opened. The message names the path only.
 */
export function resolveApiPath(workspaceDir: string, path: string, what: string): string {
  const root = realpathSync(workspaceDir);
  const target = resolve(workspaceDir, path);
  const real = existsSync(target) ? realpathSync(target) : target;
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
