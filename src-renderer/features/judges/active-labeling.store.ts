// The labeling workbench's active labeling: the chosen order, the stop step, and the plan the service computed.
import { create } from 'zustand';
import type { ActiveLabelingPlan } from '../../../src-shared/contract/judge-probes.contract';
import type { GraderId } from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest, loadLatestInto } from '../../api/latest-request';

export type LabelOrder = 'plain queue' | 'shrink the interval most';
export const LABEL_ORDERS: readonly LabelOrder[] = ['plain queue', 'shrink the interval most'];
/** The default stop step: less than half a percentage point over the last 3 labels. */
export const DEFAULT_STEP_PP = 0.5;

type ActiveLabelingState = {
  order: LabelOrder;
  stepPp: number;
  plan: ActiveLabelingPlan | undefined;
  error: string | undefined;
  orderChosen(order: LabelOrder): void;
  stepChanged(grader: GraderId, stepPp: number): Promise<void>;
  /** Asks the service for the plan (after opening the workbench or after a label); returns it, or undefined on error. */
  planRequested(grader: GraderId): Promise<ActiveLabelingPlan | undefined>;
};

const planning = latestRequest();

export const useActiveLabeling = create<ActiveLabelingState>((set, get) => ({
  order: 'plain queue',
  stepPp: DEFAULT_STEP_PP,
  plan: undefined,
  error: undefined,
  orderChosen(order) {
    set({ order });
  },
  async stepChanged(grader, stepPp) {
    set({ stepPp });
    await get().planRequested(grader);
  },
  async planRequested(grader) {
    return loadLatestInto(set, planning, 'plan', () =>
      api['judges.activeOrder']({ grader, stepPp: get().stepPp, over: 3 }),
    );
  },
}));
