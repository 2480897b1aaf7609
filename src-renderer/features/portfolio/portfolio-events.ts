// The one place events feed the portfolio store: a workspace change or a finished run reloads the cards.
import { useEffect } from 'react';
import { api } from '../../api/client';
import { usePortfolio } from './portfolio.store';

/** Reloads the portfolio while the calling screen is mounted; the screen loads it when it opens. */
export function usePortfolioEvents(): void {
  useEffect(() => {
    const { portfolioRequested } = usePortfolio.getState();
    const offChanged = api.on('workspace.changed', () => void portfolioRequested());
    const offFinished = api.on('runs.finished', () => void portfolioRequested());
    return () => {
      offChanged();
      offFinished();
    };
  }, []);
}
