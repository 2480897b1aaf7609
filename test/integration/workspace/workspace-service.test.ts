// The workspace domain `ai-eval validate`, `init` and `trust` are clients of: validate, create and trust.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPerTest, createTestApp } from '../../support/app';
import { copyExample } from '../../support/workspace';

const inProcess = { transport: 'in-process' } as const;
const apps = appPerTest();

describe('the workspace domain', () => {
  it('validate counts what the example holds and lists a broken file with its place', async () => {
    const dir = copyExample();
    const app = apps.open(createTestApp(dir));
    const valid = await app.dispatch('workspace.validate', {}, inProcess);
    expect(valid).toEqual({
      ok: true,
      value: { valid: true, issues: [], targets: 4, enabledTargets: 2, datasets: 1, questions: 21, rubrics: 2 },
    });
    writeFileSync(join(dir, 'aieval.yaml'), 'version: 1\ntargets: [\n');
    const broken = await app.dispatch('workspace.validate', {}, inProcess);
    expect(broken).toMatchObject({
      ok: true,
      value: { valid: false, issues: [{ file: 'aieval.yaml', severity: 'error', line: 3 }] },
    });
    // Validating reads files only: the store was neither opened nor its code (better-sqlite3) loaded.
    expect(existsSync(join(dir, '.aieval'))).toBe(false);
    expect(app.state.storeLoaded).toBe(false);
    expect(await app.dispatch('datasets.list', {}, inProcess)).toMatchObject({ ok: true });
    expect(app.state.storeLoaded).toBe(true);
  });

  it('create makes the example in a new folder, trusts and opens it; a second create is a conflict', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'aieval-create-')), 'nested', 'ws');
    const app = apps.open(createTestApp(copyExample()));
    const created = await app.dispatch('workspace.create', { dir }, inProcess);
    expect(created).toMatchObject({ ok: true, value: { dir, trusted: true, issues: [] } });
    expect(readdirSync(dir)).toContain('aieval.yaml');
    expect(app.state.dir).toBe(dir);
    expect(await app.dispatch('workspace.create', { dir }, inProcess)).toEqual({
      ok: false,
      error: { code: 'conflict', message: `${dir} already holds a workspace (aieval.yaml)` },
    });
  });

  it('trust is refused where there is no aieval.yaml, and trusts a workspace', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'aieval-empty-'));
    let app = apps.open(createTestApp(empty));
    expect(await app.dispatch('workspace.trust', {}, inProcess)).toEqual({
      ok: false,
      error: { code: 'not_found', message: `No aieval.yaml in ${empty}.` },
    });
    await app.dispose();
    app = apps.open(createTestApp(copyExample()));
    expect(await app.dispatch('workspace.trust', {}, inProcess)).toMatchObject({ ok: true, value: { trusted: true } });
  });
});
