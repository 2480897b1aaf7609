import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { TargetHistory } from '../../../src-shared/model';
import { runCliInProcess } from '../../support/cli';
import { backendWorkspace, type BackendWorkspace } from '../../support/backend-workspace';
import { describeBackends } from '../../support/store-backends';
import { writeHistoryTo } from '../../fixtures/history-store';
import { ALL_QUESTIONS, HISTORY_RUNS, KNOWN } from '../../fixtures/history-plans';

const TARGET = 'helpdesk_chat_offline';

const config = () => mkdtempSync(join(tmpdir(), 'aieval-history-cli-'));

describeBackends('ai-eval history over a store of 30 generated runs', (backend) => {
  const workspaces: BackendWorkspace[] = [];
  afterAll(() => Promise.all(workspaces.map((workspace) => workspace.dispose())));

  /** A workspace whose store holds the planted history; `history` runs the CLI in process on it. */
  async function workspaceWithHistory(seed: number) {
    const workspace = backendWorkspace(backend);
    workspaces.push(workspace);
    const store = await workspace.open();
    const runIds = await writeHistoryTo(store.api, {
      targetId: TARGET,
      runs: HISTORY_RUNS,
      questions: ALL_QUESTIONS,
      seed,
    });
    await store.close();
    const { dir } = workspace;
    const history = (args: readonly string[]) =>
      runCliInProcess(['history', '--workspace', dir, ...args], config(), process.cwd(), workspace.cliEnv);
    return { runIds, history };
  }

  it('--json (through the contract) finds every regressed, fixed and flaky question, no stable one', async () => {
    const { history: cli } = await workspaceWithHistory(2);
    const { code, stdout } = await cli(['--target', TARGET, '--json']);
    expect(code).toBe(0);
    const [history] = JSON.parse(stdout) as TargetHistory[];
    const ids = (state: string) =>
      history!.questions
        .filter((q) => q.state === state)
        .map((q) => q.questionId)
        .sort();
    expect(ids('regressed')).toEqual(KNOWN.regressed.map((q) => q.id));
    expect(ids('fixed')).toEqual(KNOWN.fixed.map((q) => q.id));
    expect(ids('flaky')).toEqual([...KNOWN.flakyByRun, ...KNOWN.noisy].map((q) => q.id).sort());
    const stable = new Set([...KNOWN.stable, KNOWN.reworded].map((q) => q.id));
    expect(history!.questions.filter((q) => stable.has(q.questionId))).toEqual([]);
  });

  it('prints the summary, each question with its reason, the tags that moved and the method', async () => {
    const { history: cli, runIds } = await workspaceWithHistory(2);
    const { code, stdout } = await cli(['--target', TARGET]);
    expect(code).toBe(0);
    expect(stdout).toContain(`${TARGET}: 4 regressed, 9 flaky, 3 fixed since ${runIds[25]} (30 runs)`);
    expect(stdout).toMatch(
      / {2}regressed {2}regressed_00 {2}dropped \d+% → 0%: \d+\/\d+ passed before, 0\/5 in the last 5 runs \(runs as the unit: permutation p [=<] /,
    );
    expect(stdout).toMatch(/tag moved {2}billing: \d+% before, \d+% in the last 5 runs, moved down/);
    expect(stdout).toContain('method: Regressed / fixed: the run is the unit');
  });

  it('--question prints its timeline with each run identity; --tag narrows the list', async () => {
    const { history: cli, runIds } = await workspaceWithHistory(2);
    const timeline = await cli(['--target', TARGET, '--question', 'reworded']);
    expect(timeline.stdout).toContain(`${runIds[15]}  1/1 passed score 4.50  local/model-b`);
    expect(timeline.stdout).toContain('(text changed: a new history starts here)');
    const tagged = await cli(['--target', TARGET, '--tag', 'billing', '--json']);
    const [history] = JSON.parse(tagged.stdout) as TargetHistory[];
    expect(history!.questions.map((q) => q.questionId).sort()).toEqual(KNOWN.regressed.map((q) => q.id));
    expect(history!.tags.map((tag) => tag.tag)).toEqual(['billing']);
  });
});
