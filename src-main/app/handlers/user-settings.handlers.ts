// Handlers of the user's own settings (who labels), stored per user outside the workspace.
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import type { AppState } from '../app-state';

export const userSettingsHandlers = (state: AppState) =>
  ({
    'userSettings.get': () => state.userSettings.get(),
    'userSettings.update': (patch) => state.userSettings.update(patch),
  }) satisfies Partial<Handlers<Contract, Ctx>>;
