// Ctrl-C during `ai-eval run`: the CLI cancels its run through the service; finished questions are kept, exit 1.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript, lastUserText } from '../../fixtures/fake-scripts';
import { runCliInProcess } from '../../support/cli';
import { exampleOn } from '../../support/online-example';

describe('ai-eval run, interrupted', () => {
  let server: FakeProviderServer;
  let answered = 0;

  beforeAll(async () => {
    server = await startFakeProviderServer({
      script: judgeScript({ score: 4, reason: 'fine' }, (request) => {
        answered += 1;
        return { text: `Answer: ${lastUserText(request)}`, delayMs: 300 };
      }),
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('cancels the run in the service on SIGINT and exits 1 with the run cancelled', async () => {
    const dir = exampleOn(server.url);
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-interrupt-'));
    const interrupt = setInterval(() => {
      if (answered > 0) {
        clearInterval(interrupt);
        process.emit('SIGINT');
      }
    }, 20);
    const args = ['run', '--workspace', dir, '--target', 'helpdesk_chat', '--trust-workspace', '--skip-preflight'];
    const run = await runCliInProcess([...args, '--concurrency', '1'], configDir).finally(() =>
      clearInterval(interrupt),
    );
    expect(run.stderr).toMatch(/cancelling: questions in flight are dropped/);
    expect(run.stdout).toMatch(/helpdesk_chat\s+CANCELLED/);
    expect(run.code).toBe(1);
    expect(process.listenerCount('SIGINT')).toBe(0);
  }, 120_000);
});
