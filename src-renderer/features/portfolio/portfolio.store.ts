// The portfolio: one card per target of the workspace.
import { create } from 'zustand';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import { api } from '../../api/client';

type PortfolioState = {
  targets: TargetSummary[] | undefined;
  error: string | undefined;
  portfolioRequested(): Promise<void>;
};

export const usePortfolio = create<PortfolioState>((set) => ({
  targets: undefined,
  error: undefined,
  async portfolioRequested() {
    try {
      set({ targets: await api['targets.list']({}), error: undefined });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
}));
