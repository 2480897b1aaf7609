// Two `ai-eval run` processes on one store, on SQLite and on a team store: a writer killed mid-run leaves its finished
// questions and nothing half-done, `--resume` from another process finishes it with each question stored once, and a
// second run of a target that is running is refused with the run that holds it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startFakeProviderServer,
  type FakeProviderServer,
  type FakeRequest,
} from '../../fixtures/fake-provider-server';
import { isJudgePrompt } from '../../fixtures/fake-scripts';
import { onBackend, type BackendWorkspace } from '../../support/backend-workspace';
import { describeBackends } from '../../support/store-backends';
import { judged, launcher, QUESTIONS, workspaceAt, type Exit } from './cli-run-children';

/** The crash test asks each question three times. */
const RESUMED = QUESTIONS * 3;

// Each test runs the example's 21 questions through child processes: more than the default 30 s on a loaded machine.
describeBackends('ai-eval run killed, resumed and locked across processes', (backend) => {
  let server: FakeProviderServer;
  const workspaces: BackendWorkspace[] = [];
  /** A workspace on the fake server whose store is on this backend, and a launcher of CLI processes that reach it. */
  const workspace = (settings?: string) => {
    const ws = onBackend(backend, workspaceAt(server.url, settings));
    workspaces.push(ws);
    const launch = launcher(ws.cliEnv);
    const runHelpdesk = (...extra: string[]) =>
      launch(['run', '--workspace', ws.dir, '--target', 'helpdesk_chat', ...extra]);
    return { ws, launch, runHelpdesk };
  };

  beforeAll(async () => {
    server = await startFakeProviderServer({ script: judged });
  });
  afterAll(async () => {
    await server.close();
    await Promise.all(workspaces.map((ws) => ws.dispose()));
  });

  it(
    'survives SIGKILL mid-run: --resume finishes it and every question ends with exactly one result',
    { timeout: 90_000 },
    async () => {
      const { ws, launch, runHelpdesk } = workspace();
      let targetCalls = 0;
      const holder: { run?: ReturnType<typeof runHelpdesk> } = {};
      server.script = (request: FakeRequest) => {
        if (!isJudgePrompt(request) && ++targetCalls === 12) holder.run?.child.kill('SIGKILL');
        return judged(request);
      };
      const run = (holder.run = runHelpdesk('--repeat', '3'));
      const killed = await run.exit;
      expect(killed.signal).toBe('SIGKILL');

      const store = await ws.open();
      const [crashed] = (await store.api.runs.list({ limit: 10, offset: 0 })).runs;
      expect(crashed).toMatchObject({ status: 'running', targetId: 'helpdesk_chat', total: RESUMED });
      const storedBefore = crashed!.done;
      expect(storedBefore).toBeGreaterThan(0);
      expect(storedBefore).toBeLessThan(RESUMED);
      // Nothing half-done: every stored result is whole (its graders with it), as many as the run counts.
      const before = await store.api.results.batch(crashed!.id, 0, 1000);
      expect(before).toHaveLength(storedBefore);
      expect(before.every((result) => result.status === 'scored' && result.graders.length > 0)).toBe(true);
      await store.close();

      targetCalls = 0;
      const out = join(ws.dir, 'resumed.json');
      const resumed = await launch(['run', '--workspace', ws.dir, '--resume', crashed!.id, '--json', out]).exit;
      expect(resumed.stderr).not.toMatch(/^error:/m);
      expect(resumed.stderr).toContain(
        `resuming run ${crashed!.id} of helpdesk_chat: ${RESUMED - storedBefore} of ${RESUMED} questions left`,
      );
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toContain(crashed!.id);
      // The dead process's lock was taken over, and only the missing questions were asked.
      expect(targetCalls).toBe(RESUMED - storedBefore);

      const after = await ws.open();
      try {
        const results = await after.api.results.batch(crashed!.id, 0, 1000);
        const keys = results.map((result) => `${result.questionId}#${result.repeatIndex}`);
        expect(keys).toHaveLength(RESUMED);
        expect(new Set(keys).size).toBe(RESUMED);
        expect(await after.api.runs.get(crashed!.id)).toMatchObject({
          status: 'complete',
          done: RESUMED,
          passed: true,
        });
        expect(await after.api.runLocks.get('helpdesk_chat')).toBeUndefined();
      } finally {
        await after.close();
      }
      const report = JSON.parse(readFileSync(out, 'utf8')) as { runs: { id: string; questions: unknown[] }[] };
      expect(report.runs[0]?.id).toBe(crashed!.id);
      expect(report.runs[0]?.questions).toHaveLength(RESUMED);
      server.script = judged;
    },
  );

  it(
    'stops a second run of the same target from another process as its environment (exit 3), naming the running run',
    { timeout: 90_000 },
    async () => {
      const { runHelpdesk } = workspace('  concurrency: 1');
      let second: Promise<Exit> | undefined;
      let secondStarted!: () => void;
      const started = new Promise<void>((resolve) => (secondStarted = resolve));
      server.script = (request: FakeRequest) => {
        if (!second && !isJudgePrompt(request)) {
          second = runHelpdesk().exit;
          secondStarted();
          // Hold the first run's question until the second process has given up.
          return second.then(() => judged(request));
        }
        return judged(request);
      };
      const first = runHelpdesk('--question', 'sunday_hours').exit;
      await started;
      const refused = await second!;
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/error: target "helpdesk_chat" is already running as run \S+ \(pid \d+ on /);
      expect((await first).code).toBe(0);
      server.script = judged;
    },
  );
});
