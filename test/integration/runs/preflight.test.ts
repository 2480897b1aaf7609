// The run preflight: a broken setup stops `ai-eval run` before any question (exit 2), one line per problem with its fix.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript } from '../../fixtures/fake-scripts';
import { preflightRefusal } from '../../../src-shared/contract/runs.contract';
import { createTestApp } from '../../support/app';
import { runCliInProcess } from '../../support/cli';
import { exampleOn } from '../../support/online-example';
import { copyExample } from '../../support/workspace';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-preflight-config-'));
const run = (dir: string, ...args: string[]) =>
  runCliInProcess(['run', '--workspace', dir, '--question', 'sunday_hours', ...args], configDir);
const preflightLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('preflight: '));

describe('ai-eval run preflight', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer({
      models: ['llama3.1:8b'],
      script: judgeScript({ score: 4, reason: 'fine' }, () => ({ text: 'Sundays 12:00-17:00.' })),
    });
  });
  afterAll(() => server.close());

  it('stops a run against a stopped server (exit 3), naming the provider and its URL', async () => {
    const stopped = await startFakeProviderServer();
    const url = stopped.url;
    await stopped.close();
    const exit = await run(exampleOn(url), '--target', 'helpdesk_chat');
    expect(exit.code).toBe(3); // the environment's: a server that does not answer
    const lines = preflightLines(exit.stderr);
    expect(lines).toHaveLength(1); // target and judge share the provider: one problem
    expect(lines[0]).toContain('provider "local" (ollama): not reachable');
    expect(lines[0]).toContain(url);
    expect(lines[0]).toMatch(/; fix: start the server, or correct base_url$/);
    expect(exit.stderr).toContain('nothing was run');
    expect(exit.stderr).not.toMatch(/^run \d/m);
  });

  it('names a model the server does not have, with the pull command', async () => {
    const exit = await run(exampleOn(server.url), '--target', 'helpdesk_agent', '--trust-workspace');
    expect(exit.code).toBe(2);
    expect(preflightLines(exit.stderr)).toEqual([
      'preflight: provider "local" (ollama): model "qwen3:8b" (used by target "helpdesk_agent") is not available; ' +
        'fix: pull it (ollama pull qwen3:8b) or change the model in aieval.yaml',
    ]);
  });

  it('names a missing API key variable and an MCP server that cannot start, each on its own line', async () => {
    const dir = exampleOn(server.url, (text) =>
      text
        .replace(
          'providers:\n',
          `providers:\n  cloud: { kind: openai, base_url: ${server.url}/v1, api_key_env: AIEVAL_PREFLIGHT_NO_SUCH_KEY }\n`,
        )
        .replace('model: qwen3:8b', 'model: llama3.1:8b')
        .replace('args: [tools/catalog-server.js]', 'args: [tools/no-such-server.js]')
        .replace(/(- id: helpdesk_chat\n[\s\S]*?)provider: local/, '$1provider: cloud'),
    );
    const exit = await run(dir, '--target', 'helpdesk_chat', '--target', 'helpdesk_agent', '--trust-workspace');
    expect(exit.code).toBe(2);
    const lines = preflightLines(exit.stderr);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^preflight: provider "cloud" \(openai\): .*AIEVAL_PREFLIGHT_NO_SUCH_KEY is not set.*; fix: set the variable/,
    );
    expect(lines[1]).toMatch(
      /^preflight: MCP server "catalog" of target "helpdesk_agent": .*could not be started.*; fix: correct its command/,
    );
  });

  it('lets a good setup run, and --skip-preflight starts a run the preflight would stop', async () => {
    const good = await run(exampleOn(server.url), '--target', 'helpdesk_chat');
    expect(preflightLines(good.stderr)).toEqual([]);
    expect(good.stderr).toMatch(/^run \d/m);

    const dir = exampleOn(server.url, (text) => text.replace('model: llama3.1:8b', 'model: not-pulled:1b'));
    expect((await run(dir, '--target', 'helpdesk_chat')).code).toBe(2);
    const skipped = await run(dir, '--target', 'helpdesk_chat', '--skip-preflight');
    expect(preflightLines(skipped.stderr)).toEqual([]);
    expect(skipped.stderr).toMatch(/^run \d/m);
  });

  it('passes the offline example (replay providers) with no network at all', async () => {
    const exit = await run(copyExample(), '--target', 'helpdesk_chat_offline');
    expect(preflightLines(exit.stderr)).toEqual([]);
    expect(exit.stderr).toMatch(/^run \d/m);
  });

  it('is a service call the UI can make before starting a run', async () => {
    const stopped = await startFakeProviderServer();
    await stopped.close();
    const app = createTestApp(exampleOn(stopped.url));
    try {
      const envelope = await app.dispatch('runs.preflight', { targetId: 'helpdesk_chat' }, { transport: 'in-process' });
      expect(envelope.ok).toBe(true);
      const report = (envelope as { value: { ok: boolean; problems: { subject: string; problem: string }[] } }).value;
      expect(report.ok).toBe(false);
      expect(report.problems[0]).toMatchObject({ subject: 'provider "local" (ollama)' });
      expect(report.problems[0]!.problem).toContain(stopped.url);
    } finally {
      await app.dispose();
    }
  });

  it('runs first in the service runs.start: refused with every problem and its fix, unless skipPreflight', async () => {
    const stopped = await startFakeProviderServer();
    await stopped.close();
    const app = createTestApp(exampleOn(stopped.url));
    try {
      const start = (input: object) =>
        app.dispatch('runs.start', { targetId: 'helpdesk_chat', ...input }, { transport: 'in-process' });
      const refused = await start({});
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error.code).toBe('bad_input');
      expect(refused.error.message).toContain('nothing was started');
      const details = preflightRefusal.parse(refused.error.details);
      expect(details.preflight).toHaveLength(1);
      expect(details.preflight[0]).toMatchObject({
        subject: 'provider "local" (ollama)',
        fix: 'start the server, or correct base_url',
      });
      expect(details.preflight[0]!.problem).toContain(stopped.url);
      expect((await app.dispatch('runs.list', {}, { transport: 'in-process' })) as unknown).toMatchObject({
        ok: true,
        value: { total: 0 },
      });

      // Skipped, the run starts (and its questions degrade against the stopped server, as they would mid-run).
      const skipped = await start({ skipPreflight: true, questionIds: ['sunday_hours'] });
      expect(skipped).toMatchObject({ ok: true, value: { total: 1 } });
    } finally {
      await app.dispose();
    }
  });

  it('lets the service start a run whose setup is sound', async () => {
    const app = createTestApp(exampleOn(server.url));
    try {
      const started = await app.dispatch(
        'runs.start',
        { targetId: 'helpdesk_chat', questionIds: ['sunday_hours'] },
        { transport: 'in-process' },
      );
      expect(started).toMatchObject({ ok: true, value: { total: 1 } });
    } finally {
      await app.dispose();
    }
  });

  it('runs before ai-eval run --resume: a missing model refuses the resume, --skip-preflight resumes anyway', async () => {
    const local = await startFakeProviderServer({ script: () => ({ text: 'never sent', hang: true }) });
    const dir = exampleOn(local.url);
    const app = createTestApp(dir);
    const started = await app.dispatch(
      'runs.start',
      { targetId: 'helpdesk_chat', questionIds: ['sunday_hours'] },
      { transport: 'in-process' },
    );
    expect(started.ok).toBe(true);
    await app.dispose(); // cancels the run while its question hangs: the question is left to resume
    const runId = (started as { value: { runId: string } }).value.runId;
    try {
      local.script = judgeScript({ score: 4, reason: 'fine' }, () => ({ text: 'Sundays 12:00-17:00.' }));
      local.models.length = 0; // the server answers, but no longer lists the model

      const refused = await runCliInProcess(['run', '--workspace', dir, '--resume', runId], configDir);
      expect(refused.code).toBe(2);
      expect(preflightLines(refused.stderr)).toEqual([
        'preflight: provider "local" (ollama): model "llama3.1:8b" (used by target "helpdesk_chat" and the judges ' +
          'of relevance_grader, completeness_grader, accuracy_grader, fact_match_grader) ' +
          'is not available; fix: pull it (ollama pull llama3.1:8b) or change the model in aieval.yaml',
      ]);
      expect(refused.stderr).not.toContain('resuming run');

      const resumed = await runCliInProcess(
        ['run', '--workspace', dir, '--resume', runId, '--skip-preflight'],
        configDir,
      );
      expect(preflightLines(resumed.stderr)).toEqual([]);
      expect(resumed.stderr).toContain(`resuming run ${runId} of helpdesk_chat: 1 of 1 question left`);
      expect(resumed.code).toBe(0);
    } finally {
      await local.close();
    }
  });

  it('runs before ai-eval regrade on the judges only: a stopped target server is fine, a missing judge model is not', async () => {
    const target = await startFakeProviderServer({ script: judgeScript({ score: 4, reason: 'fine' }) });
    const judge = await startFakeProviderServer({ script: judgeScript({ score: 4, reason: 'fine' }) });
    const dir = exampleOn(target.url, (text) =>
      text
        .replace('providers:\n', `providers:\n  judgehost: { kind: ollama, base_url: ${judge.url} }\n`)
        .replace(/judge:\n {2}provider: \w+/, 'judge:\n  provider: judgehost'),
    );
    try {
      const first = await run(dir, '--target', 'helpdesk_chat');
      expect(first.code).toBe(0);
      const sourceId = /^run (\S+):/m.exec(first.stderr)?.[1];
      expect(sourceId).toBeDefined();
      await target.close();

      const regrade = (...args: string[]) =>
        runCliInProcess(['regrade', sourceId!, '--workspace', dir, ...args], configDir);
      const regraded = await regrade();
      expect(preflightLines(regraded.stderr)).toEqual([]);
      expect(regraded.code).toBe(0);

      judge.models.length = 0;
      const refused = await regrade();
      expect(refused.code).toBe(2);
      const lines = preflightLines(refused.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^preflight: provider "judgehost" \(ollama\): model "llama3.1:8b" \(used by the judges of /,
      );
      expect(refused.stderr).not.toMatch(/regrading/);

      const skipped = await regrade('--skip-preflight');
      expect(preflightLines(skipped.stderr)).toEqual([]);
      expect(skipped.stderr).toMatch(/regrading the 1 stored answer/);
      expect(skipped.code).toBe(0);
    } finally {
      await judge.close();
    }
  });
});
