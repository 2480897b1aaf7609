// Workspace trust, kept per user outside the workspace as VS Code does, keyed by the folder's real path (symlinks
// resolved) and resolved again at every check: a link trusted while it pointed to one folder trusts nothing once it
// points to another (docs/security.md).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RpcError } from '../../src-shared/rpc/wire';
import { inputFileProblem } from './input-file';
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

  /** False too when the trust list cannot be read: a corrupt list trusts nothing (problem() says why). */
  isTrusted(dir: string): boolean {
    try {
      return this.read().includes(realFolder(dir));
    } catch {
      return false;
    }
  }

  /** Why the trust list cannot be read (then nothing is trusted), in one line with what to do; undefined when fine. */
  problem(): string | undefined {
    try {
      this.read();
      return undefined;
    } catch (error) {
      return `the trust list ${this.file} cannot be read (${(error as Error).message}), so no workspace is trusted; delete or fix the file, then trust the workspace again (ai-eval trust)`;
    }
  }

  trust(dir: string): void {
    const problem = this.problem();
    if (problem) throw new RpcError('bad_input', problem); // never overwrite a list we cannot read
    const all = this.read();
    const real = realFolder(dir);
    if (all.includes(real)) return;
    writeFileAtomic(this.file, JSON.stringify([...all, real], null, 2));
  }

  /** The trusted folders; throws (in words) when the file is not a JSON list of folders. */
  private read(): string[] {
    if (!existsSync(this.file)) return [];
    const problem = inputFileProblem(this.file, 16 * 1024 * 1024);
    if (problem) throw new Error(problem);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      throw new Error('not valid JSON');
    }
    if (!Array.isArray(parsed)) throw new Error('not a JSON list of folders');
    return parsed.filter((entry): entry is string => typeof entry === 'string');
  }
}
