// Workspace trust, kept per user outside the workspace as VS Code does, keyed by the folder's real path (symlinks
// resolved) and resolved again at every check: a link trusted while it pointed to one folder trusts nothing once it
// points to another (docs/security.md).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from './write-file';

/** The folder `dir` names once every symlink is followed; a path that does not exist stands for itself. */
function realFolder(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

export class TrustStore {
  private readonly file: string;

  constructor(configDir: string) {
    this.file = join(configDir, 'trusted-workspaces.json');
  }

  isTrusted(dir: string): boolean {
    return this.read().includes(realFolder(dir));
  }

  trust(dir: string): void {
    const all = this.read();
    const real = realFolder(dir);
    if (all.includes(real)) return;
    writeFileAtomic(this.file, JSON.stringify([...all, real], null, 2));
  }

  private read(): string[] {
    if (!existsSync(this.file)) return [];
    const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  }
}
