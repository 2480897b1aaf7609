// Broken workspaces through `serve` and the CLI: typed errors with positions, never a 500 or a stack trace.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorkspaceInfo } from '../../../src-shared/contract/workspace.contract';
import { createTestApp } from '../../support/app';
import { runCliInProcess } from '../../support/cli';
import { copyExample } from '../../support/workspace';

const inProcess = { transport: 'in-process' } as const;

const BROKEN: Record<string, () => string> = {
  'an unresolved alias': () => copyExample({ 'aieval.yaml': (t) => t.replace('model: qwen3:8b', 'model: *nope') }),
  'a self-referencing alias in a dataset': () =>
    copyExample({ 'datasets/helpdesk.yaml': (t) => t.replace('tags: [hours]', 'metadata: &m { self: *m }') }),
  'aieval.yaml being a folder': () => {
    const dir = copyExample();
    rmSync(join(dir, 'aieval.yaml'));
    mkdirSync(join(dir, 'aieval.yaml'));
    return dir;
  },
  'a dangling symlink in datasets/': () => {
    const dir = copyExample();
    symlinkSync(join(dir, 'gone.yaml'), join(dir, 'datasets/gone.yaml'));
    return dir;
  },
  'datasets/ being a file': () => {
    const dir = copyExample();
    rmSync(join(dir, 'datasets'), { recursive: true });
    writeFileSync(join(dir, 'datasets'), 'not a folder\n');
    return dir;
  },
};

describe('a broken workspace', () => {
  it.each(Object.keys(BROKEN))(
    '%s: serve answers workspace.get, targets.list, datasets.list and datasets.check',
    async (name) => {
      const app = createTestApp(BROKEN[name]!());
      const get = await app.dispatch('workspace.get', {}, inProcess);
      expect(get.ok).toBe(true);
      const issues = (get as { value: WorkspaceInfo }).value.issues;
      expect(issues.filter((issue) => issue.severity === 'error').length).toBeGreaterThan(0);
      for (const issue of issues) expect(issue.line).toBeGreaterThan(0);
      expect((await app.dispatch('targets.list', {}, inProcess)).ok).toBe(true);
      expect((await app.dispatch('datasets.list', {}, inProcess)).ok).toBe(true);
      const check = await app.dispatch('datasets.check', { id: 'helpdesk', text: 'id: helpdesk\nq: *x\n' }, inProcess);
      expect(check).toMatchObject({ ok: true, value: { issues: [expect.objectContaining({ line: 2, column: 4 })] } });
    },
  );

  it.each(Object.keys(BROKEN))('%s: validate exits 2 with file:line:col lines and no stack trace', async (name) => {
    const dir = BROKEN[name]!();
    const result = await runCliInProcess(['validate', '--workspace', dir], mkdtempSync(join(tmpdir(), 'aieval-cfg-')));
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^[\w./-]+:\d+:\d+ \S+ /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
