// A copy of the example workspace whose store holds 30 generated runs of one target, with known regressed, fixed and
// flaky questions, a reworded question and a tag that slid (test/fixtures/history-plans), and one run of another
// target (a history of one run), served for a browser.
import { Store, storeFile } from '../../../src-main/store/store';
import { writeHistory } from '../../fixtures/history-store';
import { ALL_QUESTIONS, HISTORY_RUNS } from '../../fixtures/history-plans';
import { copyExample } from '../../support/workspace';
import { serveExample, type Served } from './serve';

export const HISTORY_TARGET = 'helpdesk_chat_offline';
/** A target with a single run: its history and timelines have nothing to compare yet. */
export const ONE_RUN_TARGET = 'helpdesk_chat';

export type HistorySeed = Readonly<{ served: Served; runIds: readonly string[] }>;

/** Writes the runs into a fresh workspace's store, then serves it. */
export async function serveHistory(seed = 2): Promise<HistorySeed> {
  const workspaceDir = copyExample();
  const store = Store.open(storeFile(workspaceDir));
  const runIds = writeHistory(store, { targetId: HISTORY_TARGET, runs: HISTORY_RUNS, questions: ALL_QUESTIONS, seed });
  writeHistory(store, {
    targetId: ONE_RUN_TARGET,
    runs: 1,
    questions: [{ id: 'asked_once', passChance: () => 1 }],
    seed,
  });
  store.close();
  return { served: await serveExample({ workspaceDir, init: false }), runIds };
}
