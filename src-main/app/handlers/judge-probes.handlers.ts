// Handlers of the judge probes: the workbench's active labeling order, and the judges screen's drift and length bias.
import type { Contract } from '../../../src-shared/contract';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import type { Handlers } from '../../../src-shared/rpc/define';
import { judgeSetupOf } from '../../engine/grading/trust/judge-identity';
import { activeLabelingPlan, judgeProbes } from '../../engine/grading/trust/judge-probes';
import type { AppState } from '../app-state';

export const judgeProbesHandlers = (state: AppState) =>
  ({
    'judges.activeOrder': ({ grader, stepPp, over }) =>
      activeLabelingPlan(state.db, judgeSetupOf(state.validWorkspace()), grader, { stepPp, over }),
    'judges.probes': ({ grader }) => judgeProbes(state.db, judgeSetupOf(state.validWorkspace()), grader),
  }) satisfies Partial<Handlers<Contract, Ctx>>;
