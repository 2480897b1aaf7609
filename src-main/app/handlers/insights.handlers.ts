// Handlers for result aggregates.
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';

export const insightsHandlers = (state: AppState) =>
  ({
    'runs.graderStats': ({ runId }) => state.db.insights.graderStatsOf(runId),
  }) satisfies Partial<Handlers<Contract, Ctx>>;
