import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import type { DatasetDocument } from '../../../src-shared/contract/datasets.contract';
import type { Settings, Target } from '../../../src-shared/model';
import { callApp, createTestApp } from '../../support/app';
import { lineDiff } from '../../../src-shared/text/line-diff';
import { copyExample } from '../../support/workspace';
import { formFromTarget, validateForm } from '../../../src-renderer/features/targets/target-form';

let app: App | undefined;
afterEach(async () => app?.dispose());

const call = <T>(method: string, input: unknown) => callApp<T>(app!, method, input);

describe('workspace writes over the API', () => {
  it('targets.get then targets.save of every target leaves aieval.yaml byte-identical, MCP arguments with spaces too', async () => {
    const dir = copyExample();
    const configPath = join(dir, 'aieval.yaml');
    const original = readFileSync(configPath, 'utf8');
    const withSpaces = original.replace(
      'args: [tools/catalog-server.js]',
      'args: [tools/catalog-server.js, --greeting, "hello there", \'C:\\My Documents\']',
    );
    expect(withSpaces).not.toBe(original);
    writeFileSync(configPath, withSpaces);
    app = createTestApp(dir);
    const targets = await call<{ id: string }[]>('targets.list', {});
    expect(targets.length).toBeGreaterThanOrEqual(4);
    for (const { id } of targets) {
      const target = await call<Target>('targets.get', { id });
      expect(await call('targets.save', { target, previousId: id })).toEqual({ issues: [] });
      expect(readFileSync(configPath, 'utf8')).toBe(withSpaces);
    }
    const agent = await call<Target>('targets.get', { id: 'helpdesk_agent' });
    const tool = agent.tools?.[0];
    expect(tool && 'args' in tool ? tool.args : []).toEqual([
      'tools/catalog-server.js',
      '--greeting',
      'hello there',
      'C:\\My Documents',
    ]);
  });

  it('a gate on corrected_pass_rate at the lower bound, set in the target form, rewrites the gate line only', async () => {
    const dir = copyExample();
    const configPath = join(dir, 'aieval.yaml');
    const before = readFileSync(configPath, 'utf8');
    app = createTestApp(dir);
    const form = formFromTarget(await call<Target>('targets.get', { id: 'helpdesk_chat' }));
    const gate = { ...form.gate, metric: 'corrected_pass_rate' as const, bound: 'lower' as const, threshold: '0.7' };
    const { target, issues } = validateForm({ ...form, gate: { ...gate, judge: 'accuracy_grader' } });
    expect(issues).toEqual([]);
    expect(await call('targets.save', { target, previousId: 'helpdesk_chat' })).toEqual({ issues: [] });
    expect(lineDiff(before, readFileSync(configPath, 'utf8'))).toEqual({
      removed: ['    gate: { metric: avg_score, threshold: 3.5, type: hard }\n'],
      added: [
        '    gate: { metric: corrected_pass_rate, threshold: 0.7, type: hard, bound: lower, judge: accuracy_grader }\n',
      ],
    });
    expect((await call<Target>('targets.get', { id: 'helpdesk_chat' })).gate).toMatchObject({ bound: 'lower' });
  });

  it('settings saved as read change nothing; a changed value rewrites its line only', async () => {
    const dir = copyExample();
    const configPath = join(dir, 'aieval.yaml');
    const before = readFileSync(configPath, 'utf8');
    app = createTestApp(dir);
    const settings = await call<Settings>('settings.get', {});
    await call('settings.set', { settings });
    expect(readFileSync(configPath, 'utf8')).toBe(before);
    await call('settings.set', { settings: { ...settings, concurrency: 2 } });
    expect(lineDiff(before, readFileSync(configPath, 'utf8'))).toEqual({
      removed: ['  concurrency: 4\n'],
      added: ['  concurrency: 2\n'],
    });
  });

  it('a dataset changed on disk since it was opened is not overwritten: the save is refused as a conflict', async () => {
    const dir = copyExample();
    const path = join(dir, 'datasets', 'helpdesk.yaml');
    app = createTestApp(dir);
    const opened = await call<DatasetDocument>('datasets.get', { id: 'helpdesk' });
    expect(opened.text).toBe(readFileSync(path, 'utf8'));
    const theirs = `${opened.text}# added by another program\n`;
    writeFileSync(path, theirs);
    const refused = await app.dispatch(
      'datasets.save',
      { id: 'helpdesk', text: `${opened.text}# mine\n`, baseHash: opened.hash },
      { transport: 'in-process' },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(!refused.ok && refused.error.message).toMatch(/helpdesk\.yaml changed on disk since it was read/);
    expect(readFileSync(path, 'utf8')).toBe(theirs);

    const reopened = await call<DatasetDocument>('datasets.get', { id: 'helpdesk' });
    const mine = `${reopened.text}# mine\n`;
    const saved = await call<DatasetDocument>('datasets.save', { id: 'helpdesk', text: mine, baseHash: reopened.hash });
    expect(readFileSync(path, 'utf8')).toBe(mine);
    expect(saved.hash).not.toBe(reopened.hash);
  });
});
