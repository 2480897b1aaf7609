// The portfolio: one card per target, with its last verdict, score, sparkline and errors.
import { create } from 'zustand';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import type { HistoryPoint, JudgeTrust, TargetHealth } from '../../../src-shared/model';
import { api } from '../../api/client';
import { fetchHealth } from '../../api/queries';

type PortfolioState = {
  targets: TargetSummary[] | undefined;
  health: Readonly<Record<string, TargetHealth>>;
  history: Readonly<Record<string, HistoryPoint[]>>;
  trust: Readonly<Record<string, JudgeTrust>>;
  error: string | undefined;
  portfolioRequested(): Promise<void>;
};

export const usePortfolio = create<PortfolioState>((set) => ({
  targets: undefined,
  health: {},
  history: {},
  trust: {},
  error: undefined,
  async portfolioRequested() {
    try {
      const targets = await api['targets.list']({});
      set({ targets, error: undefined });
      const graderIds = [...new Set(targets.flatMap((target) => target.graders))];
      const trust = await api['judges.trustFor']({ graderIds });
      set({ trust: Object.fromEntries(trust.map((t) => [t.grader, t])) });
      const { summary, history } = await fetchHealth();
      set({ health: Object.fromEntries(summary.targets.map((row) => [row.targetId, row])), history });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
}));
