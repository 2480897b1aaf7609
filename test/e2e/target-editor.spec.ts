import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startFakeProviderServer, type FakeProviderServer } from '../fixtures/fake-provider-server';
import { copyExample } from '../support/workspace';
import { TargetEditorPage } from './pages/target-editor.page';
import { freshPage } from './support/browser';
import { appPageForSuite } from './support/app-page';
import { serveExample } from './support/serve';

describe('target editor', () => {
  let fake: FakeProviderServer;
  let file: string;
  const app = appPageForSuite({
    serve: async () => {
      // The example's local Ollama points at the fake server, so the model select has a live list.
      fake = await startFakeProviderServer({ models: ['llama3.1:8b', 'llama3.2:3b', 'qwen3:8b'] });
      const workspaceDir = copyExample({
        'aieval.yaml': (text) => text.replace('base_url: http://localhost:11434', `base_url: ${fake.url}`),
      });
      file = join(workspaceDir, 'aieval.yaml');
      return serveExample({ workspaceDir, init: false });
    },
    afterStop: () => fake?.close(),
  });

  it('edits a target’s model and gate, flags a bad number inline, and saves with Ctrl+S keeping every comment', async () => {
    const { page, served } = app;
    const editor = new TargetEditorPage(page);
    const before = readFileSync(file, 'utf8');
    await editor.openFromPortfolio(served.origin, 'helpdesk_chat');
    await expect
      .poll(() => editor.modelListNote().textContent())
      .toBe('3 models from local; any other name can be typed.');

    await editor.fill('target-model', 'llama3.2:3b');
    await editor.fill('target-gate-threshold', '4.2');
    await editor.field('target-gate-type-soft').click();
    await editor.fill('target-generation-temperature', 'warm');
    await expect
      .poll(() => editor.problems('target-generation-temperature').textContent())
      .toContain('must be a number');
    await editor.saveWithShortcut();
    await expect.poll(() => editor.status().textContent()).toContain('Not saved: fix the 1 problem marked below');
    expect(readFileSync(file, 'utf8')).toBe(before);

    await editor.fill('target-generation-temperature', '0.3');
    await expect.poll(() => editor.problems('target-generation-temperature').textContent()).toBe('');
    await editor.saveWithShortcut();
    await expect.poll(() => editor.status().textContent()).toContain('Saved helpdesk_chat to aieval.yaml.');

    const after = readFileSync(file, 'utf8');
    const chat = parse(after).targets[0];
    expect(chat.model).toBe('llama3.2:3b');
    expect(chat.gate).toEqual({ metric: 'avg_score', threshold: 4.2, type: 'soft' });
    expect(chat.generation).toEqual({ temperature: 0.3, max_tokens: 1024, seed: 7 });
    for (const comment of before.split('\n').filter((line) => line.trim().startsWith('#')))
      expect(after).toContain(comment);
    expect(after.split('\n').length).toBe(before.split('\n').length);
    expect(parse(after).targets[1]).toEqual(parse(before).targets[1]);
  });

  it('shows the Text-only warning live when an agent loses its action-observing graders, and saves nothing on Cancel', async () => {
    const { page, served } = app;
    const editor = new TargetEditorPage(page);
    const before = readFileSync(file, 'utf8');
    await editor.open(served.origin, 'helpdesk_agent');
    await expect.poll(() => editor.field('agent-section').isVisible()).toBe(true);
    await expect.poll(() => editor.textOnlyWarning().count()).toBe(0);
    await editor.toggleGrader('tool_usage_grader');
    await editor.toggleGrader('state_check');
    await expect
      .poll(() => editor.textOnlyWarning().textContent())
      .toContain('no attached grader observes what the agent did');
    await editor.toggleGrader('state_check');
    await expect.poll(() => editor.textOnlyWarning().count()).toBe(0);

    await editor.field('cancel-target').click();
    await page.getByTestId('portfolio').waitFor();
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('creates a new target: refuses an id already taken, then appends it and moves to its address', async () => {
    const { page, served } = app;
    const editor = new TargetEditorPage(page);
    await freshPage(page, `${served.origin}/#/targets/new`);
    await editor.field('target-editor').waitFor();
    await editor.fill('target-id', 'helpdesk_chat');
    await expect
      .poll(() => editor.problems('target-id').textContent())
      .toContain('a target "helpdesk_chat" already exists; pick another id');
    await editor.fill('target-id', 'quick_check');
    await editor.fill('target-model', 'llama3.2:3b');
    await editor.field('save-target').click();
    await expect.poll(() => editor.status().textContent()).toContain('Saved quick_check to aieval.yaml.');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/targets/quick_check/edit');
    expect(await editor.status().textContent()).toContain('Saved quick_check to aieval.yaml.');
    expect(await editor.field('target-id').inputValue()).toBe('quick_check');
    expect(parse(readFileSync(file, 'utf8')).targets.at(-1)).toEqual({
      id: 'quick_check',
      provider: 'local',
      model: 'llama3.2:3b',
      dataset: 'helpdesk',
      graders: ['format_grader'],
    });
  });

  it('shows a problem the server finds next to the field it names, and leaves the file alone', async () => {
    const { page, served } = app;
    // The judge is removed from aieval.yaml behind the editor's back: attaching an LLM grader is now an error.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^judge:\n(?: {2}.*\n)+/m, ''));
    const before = readFileSync(file, 'utf8');
    const editor = new TargetEditorPage(page);
    await editor.open(served.origin, 'helpdesk_chat');
    await expect
      .poll(() => editor.problems('target-graders').textContent())
      .toContain('LLM judges are attached but no `judge` is configured');
    await editor.fill('target-label', 'Help desk, chat v2');
    await editor.saveWithShortcut();
    await expect.poll(() => editor.status().textContent()).toContain('Not saved: aieval.yaml would be invalid');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
