// Handlers for question history: read a target's runs from the store and judge them (engine/history); quarantine a
// question in aieval.yaml.
import type { Contract } from '../../../src-shared/contract';
import { DEFAULT_HISTORY_SETTINGS, quarantinedIds } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { CONFIG_FILE } from '../../workspace/load-workspace';
import { withQuarantine } from '../../workspace/write-quarantine';
import { writeConfig } from './targets.handlers';
import { readHistory, readTimeline } from '../../engine/history/read-history';
import { targetHistory } from '../../engine/history/target-history';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';

export const historyHandlers = (state: AppState) => {
  const targetOf = (targetId: string) => state.workspace().config?.targets.find((target) => target.id === targetId);
  const input = (targetId: string, window: number, recent: number, minDrop: number) =>
    readHistory(
      state.db,
      targetId,
      { ...DEFAULT_HISTORY_SETTINGS, window, recent, minDrop },
      new Set(quarantinedIds(targetOf(targetId))),
    );
  return {
    'history.target': async ({ targetId, tag, questionId, window, recent, minDrop }) =>
      targetHistory(await input(targetId, window, recent, minDrop), { tag, questionId }),
    'history.question': async ({ targetId, questionId, window, recent, minDrop }) => {
      const timeline = await readTimeline(state.db, await input(targetId, window, recent, minDrop), questionId);
      const target = targetOf(targetId);
      const known = target && state.workspace().datasets.get(target.dataset)?.dataset.questions;
      // A question no longer in the dataset may still have a history; one in neither is a typo, not "no history".
      if (timeline.points.length === 0 && known && !known.some((question) => question.id === questionId))
        throw new RpcError(
          'not_found',
          `target "${targetId}": no question "${questionId}" in dataset "${target.dataset}" nor in its runs`,
        );
      return timeline;
    },
    'history.quarantine': ({ targetId, questionId, on, reason }) => {
      const workspace = state.workspace();
      const target = targetOf(targetId);
      if (!target) throw new RpcError('not_found', `No target "${targetId}" in ${CONFIG_FILE}.`);
      const known = workspace.datasets.get(target.dataset)?.dataset.questions;
      if (on && known && !known.some((question) => question.id === questionId))
        throw new RpcError(
          'bad_input',
          `target "${targetId}": no question "${questionId}" in dataset "${target.dataset}" to quarantine`,
        );
      const saved = writeConfig(state, (text) => withQuarantine(text, { targetId, questionId, on, reason }));
      const after = saved.workspace.config?.targets.find((candidate) => candidate.id === targetId);
      return { issues: saved.issues, changed: saved.written, quarantine: quarantinedIds(after) };
    },
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
