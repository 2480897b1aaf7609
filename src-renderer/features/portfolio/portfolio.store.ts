// The portfolio: one card per target, with its last verdict, score, sparkline and errors.
import { create } from 'zustand';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import type { HistoryPoint, JudgeTrust, TargetHealth } from '../../../src-shared/model';
import { api } from '../../api/client';
import { latestRequest } from '../../api/latest-request';
import { fetchHealth } from '../../api/queries';
import { messageOf } from '../../../src-shared/text/message-of';

type PortfolioState = {
  targets: TargetSummary[] | undefined;
  health: Readonly<Record<string, TargetHealth>>;
  history: Readonly<Record<string, HistoryPoint[]>>;
  trust: Readonly<Record<string, JudgeTrust>>;
  error: string | undefined;
  portfolioRequested(): Promise<void>;
};

const reading = latestRequest();

export const usePortfolio = create<PortfolioState>((set) => ({
  targets: undefined,
  health: {},
  history: {},
  trust: {},
  error: undefined,
  async portfolioRequested() {
    const isCurrent = reading();
    try {
      const targets = await api['targets.list']({});
      if (!isCurrent()) return;
      set({ targets, error: undefined });
      const graderIds = [...new Set(targets.flatMap((target) => target.graders))];
      const trust = await api['judges.trustFor']({ graderIds });
      if (!isCurrent()) return;
      set({ trust: Object.fromEntries(trust.map((t) => [t.grader, t])) });
      const { summary, history } = await fetchHealth();
      if (!isCurrent()) return;
      set({ health: Object.fromEntries(summary.targets.map((row) => [row.targetId, row])), history });
    } catch (error) {
      if (isCurrent()) set({ error: messageOf(error) });
    }
  },
}));
