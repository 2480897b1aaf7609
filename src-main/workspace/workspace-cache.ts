// Keeps the last loaded workspace while none of its files changed: parsing a 50,000-question dataset takes seconds.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, loadWorkspace, type Workspace } from './load-workspace';
import { listFolder } from './workspace-files';

/** Name, size and modification time of every file the loader reads; equal signatures mean equal files. */
function signature(dir: string): string {
  const files = [
    CONFIG_FILE,
    ...['datasets', 'rubrics'].flatMap((folder) => listFolder(dir, folder).map((name) => `${folder}/${name}`)),
  ];
  return files
    .sort()
    .map((file) => {
      const path = join(dir, file);
      if (!existsSync(path)) return `${file}:-`;
      const stat = statSync(path);
      return `${file}:${stat.size}:${stat.mtimeMs}`;
    })
    .join('|');
}

export class WorkspaceCache {
  private cached: { dir: string; signature: string; workspace: Workspace } | undefined;

  load(dir: string): Workspace {
    const current = signature(dir);
    if (this.cached?.dir === dir && this.cached.signature === current) return this.cached.workspace;
    const workspace = loadWorkspace(dir);
    this.cached = { dir, signature: current, workspace };
    return workspace;
  }

  /** Forget the cached workspace (after the service wrote one of its files). */
  invalidate(): void {
    this.cached = undefined;
  }
}
