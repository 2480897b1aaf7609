// Workspace trust, kept per user outside the workspace (keyed by absolute path), as VS Code does.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from './write-file';

export class TrustStore {
  private readonly file: string;

  constructor(configDir: string) {
    this.file = join(configDir, 'trusted-workspaces.json');
  }

  isTrusted(dir: string): boolean {
    return this.read().includes(resolve(dir));
  }

  trust(dir: string): void {
    const all = this.read();
    if (all.includes(resolve(dir))) return;
    writeFileAtomic(this.file, JSON.stringify([...all, resolve(dir)], null, 2));
  }

  private read(): string[] {
    if (!existsSync(this.file)) return [];
    const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  }
}
