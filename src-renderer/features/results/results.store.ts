// The results dashboard: this week vs last week, target health with sparklines, and the runs list.
import { create } from 'zustand';
import type { HistoryPoint, RunSummary, TargetHealth, WeekStats } from '../../../src-shared/model';
import { api } from '../../api/client';
import { fetchHealth } from '../../api/queries';

type ResultsState = {
  thisWeek: WeekStats | undefined;
  lastWeek: WeekStats | undefined;
  health: TargetHealth[];
  history: Readonly<Record<string, HistoryPoint[]>>;
  runs: RunSummary[];
  runsTotal: number;
  error: string | undefined;
  dashboardRequested(targetId?: string): Promise<void>;
};

export const useResults = create<ResultsState>((set) => ({
  thisWeek: undefined,
  lastWeek: undefined,
  health: [],
  history: {},
  runs: [],
  runsTotal: 0,
  error: undefined,
  async dashboardRequested(targetId) {
    try {
      const [{ summary, history }, runs] = await Promise.all([
        fetchHealth(),
        api['runs.list']({ targetId, limit: 100 }),
      ]);
      set({
        thisWeek: summary.thisWeek,
        lastWeek: summary.lastWeek,
        health: summary.targets,
        history,
        runs: runs.runs,
        runsTotal: runs.total,
        error: undefined,
      });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
}));
