// Creates a workspace from the bundled example (the Riverside Library help desk).
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { refusal } from '../../src-shared/rpc/wire';
import { CONFIG_FILE } from './load-workspace';
import { writeWorkspaceGitignore } from './workspace-gitignore';

export class WorkspaceExistsError extends refusal('conflict', 'WorkspaceExistsError') {}

/** Copies the example into `dir` with a .gitignore for the store and the label files; refuses to overwrite a workspace. */
export function createExampleWorkspace(resourcesDir: string, dir: string): void {
  if (existsSync(join(dir, CONFIG_FILE)))
    throw new WorkspaceExistsError(`${dir} already holds a workspace (${CONFIG_FILE})`);
  const source = join(resourcesDir, 'example');
  for (const entry of readdirSync(source)) {
    cpSync(join(source, entry), join(dir, entry), { recursive: true, errorOnExist: true, force: false });
  }
  writeWorkspaceGitignore(dir);
}
