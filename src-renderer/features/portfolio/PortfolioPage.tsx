// The landing page: a card per target of the workspace.
import { useEffect } from 'react';
import { api } from '../../api/client';
import { usePortfolio } from './portfolio.store';
import { TargetCard } from './TargetCard';

export function PortfolioPage() {
  const { targets, error, portfolioRequested } = usePortfolio();
  useEffect(() => {
    void portfolioRequested();
    return api.on('workspace.changed', () => void portfolioRequested());
  }, [portfolioRequested]);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Targets</h1>
          <p>Each target is a model with a system prompt (chat) or with tools (agent), scored on its dataset and gated.</p>
        </div>
      </header>
      {error && <div className="banner error">{error}</div>}
      {targets?.length === 0 && <div className="empty">No targets yet. Add one under <code>targets:</code> in aieval.yaml.</div>}
      <div className="cards" data-testid="portfolio">
        {targets?.map((target) => <TargetCard key={target.id} target={target} />)}
      </div>
    </div>
  );
}
