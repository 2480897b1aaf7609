// No run starts that cannot work: a disabled target's Run is off with its reason and an Enable; a live target judged
// from recordings only is warned about on its card and in its editor, with a one-click change of judge; a cancel that
// this app cannot honour (another process owns the run) says so instead of "Cancelling…" for ever; ▶ Run checks the
// run first (the preflight) and shows what it found, each with its fix, instead of starting a run that cannot work.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../fixtures/fake-provider-server';
import { heldScript, type HeldScript } from '../fixtures/held-script';
import { libraryModel } from '../fixtures/library-model';
import { exampleOn } from '../support/online-example';
import { PortfolioPage } from './pages/portfolio.page';
import { ResultsPage } from './pages/results.page';
import { RunPage } from './pages/run.page';
import { TargetEditorPage } from './pages/target-editor.page';
import { appPageForSuite } from './support/app-page';
import { serveExample } from './support/serve';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'ai-eval.js');

describe('targets that could not run, on a fresh example', () => {
  const app = appPageForSuite({ actionTimeoutMs: 15_000, firstLoadTimeoutMs: 60_000 });
  const config = () => readFileSync(join(app.served.workspaceDir, 'aieval.yaml'), 'utf8');

  it('keeps Run off on a disabled target, says why, and offers Enable', async () => {
    const { page, served } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    expect(await portfolio.runButton('helpdesk_chat').isDisabled()).toBe(true);
    expect(await portfolio.runButton('helpdesk_chat').getAttribute('title')).toContain('disabled (enabled: false');
    expect(await portfolio.disabledNote('helpdesk_chat').textContent()).toContain('Run is off until it is enabled');
    expect(await portfolio.runButton('helpdesk_chat_offline').isDisabled()).toBe(false);
    expect(await portfolio.disabledNote('helpdesk_chat_offline').count()).toBe(0);
  });

  it('warns on the card and in the editor when a live target is judged from recordings only', async () => {
    const { page, served } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    const warning = await portfolio.judgeMismatch('helpdesk_chat').textContent();
    expect(warning).toContain('the judge offline/llama3.1:8b only answers from recordings');
    expect(warning).toContain('Judge with local/llama3.1:8b');
    expect(await portfolio.judgeMismatch('helpdesk_agent').count()).toBe(1);
    expect(await portfolio.judgeMismatch('helpdesk_chat_offline').count()).toBe(0);

    const editor = new TargetEditorPage(page);
    await editor.open(served.origin, 'helpdesk_chat');
    await expect
      .poll(() => editor.judgeMismatch().textContent())
      .toContain('every answer of this live target would be degraded');
  });

  it('enables the target with one click, changing only its enabled key', async () => {
    const { page, served } = app;
    const before = config();
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    await portfolio.enable('helpdesk_chat');
    expect(await portfolio.disabledNote('helpdesk_chat').count()).toBe(0);
    const after = config();
    const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
    // One write path keeps what it does not change (issue 18): the value changes, the line's comment stays.
    expect(changed).toEqual(['    enabled: true # needs the local Ollama (see the top of this file)']);
    expect(await portfolio.disabledNote('helpdesk_agent').count()).toBe(1);
  });

  it('switches the judge to the live connection with one click, and the warning goes', async () => {
    const { page, served } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    await portfolio.switchJudge('helpdesk_chat');
    expect(config()).toMatch(/\njudge:\n {2}provider: local\n {2}model: llama3\.1:8b\n/);
    await expect.poll(() => portfolio.judgeMismatch('helpdesk_agent').count()).toBe(0);
  });
});

describe('a cancel this app cannot honour', () => {
  let fake: FakeProviderServer;
  let held: HeldScript;
  let cli: ChildProcess | undefined;
  const app = appPageForSuite({
    serve: async () => {
      held = heldScript(libraryModel);
      fake = await startFakeProviderServer({ script: held.script });
      return serveExample({ workspaceDir: exampleOn(fake.url), init: false });
    },
    actionTimeoutMs: 15_000,
    firstLoadTimeoutMs: 60_000,
    beforeStop: async () => {
      held?.releaseAll();
      if (cli && cli.exitCode === null) await new Promise((resolve) => cli!.once('exit', resolve));
    },
    afterStop: () => fake?.close(),
  });

  it('says the run belongs to another process instead of "Cancelling…" for ever', async () => {
    const { page, served } = app;
    cli = spawn(
      process.execPath,
      [BIN, 'run', '--workspace', served.workspaceDir, '--target', 'helpdesk_chat', '--question', 'sunday_hours'],
      { env: { ...process.env, AIEVAL_CONFIG_DIR: served.configDir, CI: 'true' }, stdio: 'ignore' },
    );
    await held.whenWaiting(1);
    const results = new ResultsPage(page);
    await results.openFromNav();
    await expect.poll(() => results.runLinks().count(), { timeout: 15_000 }).toBe(1);
    await results.runLinks().first().click();
    const run = new RunPage(page);
    await run.monitor().waitFor();
    await run.cancel().click();
    await expect.poll(() => run.cancelRefused().textContent()).toContain('Another process');
    expect(await run.cancel().textContent()).toBe('Cancel run');
    expect(await run.cancel().isDisabled()).toBe(false);
  });
});

describe('the preflight behind ▶ Run', () => {
  let stoppedUrl: string;
  const app = appPageForSuite({
    serve: async () => {
      const stopped = await startFakeProviderServer();
      stoppedUrl = stopped.url;
      await stopped.close();
      // helpdesk_chat enabled, on a server that is not there.
      const workspaceDir = exampleOn(stoppedUrl, (text) => text.replace('enabled: false #', 'enabled: true #'));
      return serveExample({ workspaceDir, init: false });
    },
    actionTimeoutMs: 15_000,
    firstLoadTimeoutMs: 60_000,
  });

  it('shows each problem with its fix and starts nothing; Run anyway starts the run', async () => {
    const { page, served } = app;
    const portfolio = new PortfolioPage(page);
    await portfolio.open(served.origin);
    await portfolio.runButton('helpdesk_chat').click();
    const note = portfolio.preflightNote('helpdesk_chat');
    await note.waitFor();
    const text = (await note.textContent()) ?? '';
    expect(text).toContain('Not started: the preflight found a problem');
    expect(text).toContain('provider "local" (ollama)');
    expect(text).toContain(`not reachable`);
    expect(text).toContain(stoppedUrl);
    expect(text).toContain('Fix: start the server, or correct base_url');
    expect(page.url()).toMatch(/#\/targets$/);
    expect((await app.call<{ total: number }>('runs.list', {})).total).toBe(0);
    expect(await portfolio.runButton('helpdesk_chat').isDisabled()).toBe(false); // ▶ Run checks again

    await portfolio.runAnyway('helpdesk_chat').click();
    await page.waitForURL(/#\/runs\/[^/]+$/);
    await page.getByTestId('run-page').waitFor();
  });
});
