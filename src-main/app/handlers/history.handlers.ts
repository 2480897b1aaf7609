// Handlers for question history: read a target's runs from the store and judge them (engine/history).
import type { Contract } from '../../../src-shared/contract';
import { DEFAULT_HISTORY_SETTINGS } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { readHistory, readTimeline } from '../../engine/history/read-history';
import { targetHistory } from '../../engine/history/target-history';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';

export const historyHandlers = (state: AppState) => {
  const input = (targetId: string, window: number, recent: number) =>
    readHistory(state.db, targetId, { ...DEFAULT_HISTORY_SETTINGS, window, recent }, new Set());
  return {
    'history.target': async ({ targetId, tag, questionId, window, recent }) =>
      targetHistory(await input(targetId, window, recent), { tag, questionId }),
    'history.question': async ({ targetId, questionId, window, recent }) =>
      readTimeline(state.db, await input(targetId, window, recent), questionId),
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
