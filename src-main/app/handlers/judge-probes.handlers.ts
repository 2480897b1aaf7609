// Handlers of the judge probes: the workbench's active labeling order, and the judges screen's drift and length bias.
import type { Contract } from '../../../src-shared/contract';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import type { Handlers } from '../../../src-shared/rpc/define';
import { judgeSetupOf } from '../../engine/trust/judge-identity';
import { activeLabelingPlan, judgeProbes } from '../../engine/trust/judge-probes';
import type { AppState } from '../app-state';

export const judgeProbesHandlers = (state: AppState) =>
  ({
    // Both read the gold set: label files changed on disk are taken in first.
    'judges.activeOrder': async ({ grader, stepPp, over }) => {
      await state.syncLabels();
      return activeLabelingPlan(state.db, judgeSetupOf(state.validWorkspace()), grader, { stepPp, over });
    },
    'judges.probes': async ({ grader }) => {
      await state.syncLabels();
      return judgeProbes(state.db, judgeSetupOf(state.validWorkspace()), grader);
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;
