import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_GITIGNORE, writeWorkspaceGitignore } from '../../../src-main/workspace/workspace-gitignore';

describe('the .gitignore ai-eval init writes', () => {
  it('keeps the store out of git and offers, commented, to keep the label files local', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-gitignore-'));
    writeWorkspaceGitignore(dir);
    const text = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(text).toBe(WORKSPACE_GITIGNORE);
    const lines = text.split('\n');
    expect(lines).toContain('.aieval/');
    // The lock a write holds beside its file (.aieval.yaml.lock while aieval.yaml is written) is never committed.
    expect(lines).toContain('.*.lock');
    expect(lines).toContain('# labels/');
    expect(lines).not.toContain('labels/');
    expect(text).toMatch(/may contain your users’ data/);
  });

  it('adds its lines to a .gitignore the folder already has, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-gitignore-'));
    writeFileSync(join(dir, '.gitignore'), 'node_modules');
    writeWorkspaceGitignore(dir);
    writeWorkspaceGitignore(dir);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(`node_modules\n\n${WORKSPACE_GITIGNORE}`);
  });

  it('adds only the lock line to a .gitignore an older ai-eval wrote', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-gitignore-'));
    const older = '# ai-eval: the store stays local\n.aieval/\nlabels/\n';
    writeFileSync(join(dir, '.gitignore'), older);
    writeWorkspaceGitignore(dir);
    const text = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(text.startsWith(older)).toBe(true);
    expect(text.slice(older.length).trim().split('\n')).toEqual([
      expect.stringContaining('.aieval.yaml.lock'),
      '.*.lock',
    ]);
  });
});
