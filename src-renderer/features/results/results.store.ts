// The results dashboard: this week vs last week, target health with sparklines, and the runs list.
import { create } from 'zustand';
import type { HistoryPoint, RunSummary, TargetHealth, WeekStats } from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { fetchHealth } from '../../api/queries';
import { messageOf } from '../../../src-shared/text/message-of';

type ResultsState = {
  thisWeek: WeekStats | undefined;
  lastWeek: WeekStats | undefined;
  health: TargetHealth[];
  history: Readonly<Record<string, HistoryPoint[]>>;
  runs: RunSummary[];
  runsTotal: number;
  error: string | undefined;
  /** The cards count only `targetId` when given; experiments are listed only when `experiments` is true. */
  dashboardRequested(targetId?: string, experiments?: boolean): Promise<void>;
};

const reading = latestRequest();

export const useResults = create<ResultsState>((set) => ({
  thisWeek: undefined,
  lastWeek: undefined,
  health: [],
  history: {},
  runs: [],
  runsTotal: 0,
  error: undefined,
  async dashboardRequested(targetId, experiments = false) {
    const isCurrent = reading();
    try {
      const [{ summary, history }, runs] = await Promise.all([
        fetchHealth(targetId),
        api['runs.list']({ targetId, experiments, limit: 100 }),
      ]);
      if (!isCurrent()) return; // the dashboard was asked for again (another target, a run finished) meanwhile
      set({
        thisWeek: summary.thisWeek,
        lastWeek: summary.lastWeek,
        health: targetId ? summary.targets.filter((row) => row.targetId === targetId) : summary.targets,
        history,
        runs: runs.runs,
        runsTotal: runs.total,
        error: undefined,
      });
    } catch (error) {
      if (isCurrent()) set({ error: messageOf(error) });
    }
  },
}));
