// The landing page: a card per target of the workspace.
import { useEffect } from 'react';
import { hrefFor } from '../../navigation/router';
import { usePortfolio } from './portfolio.store';
import { usePortfolioEvents } from './portfolio-events';
import { weakestTrust } from '../judges/judges.selectors';
import { TargetCard } from './TargetCard';
import { useRuns } from '../runs/runs.store';
import { useShallow } from 'zustand/react/shallow';
import { PageHeader } from '../../components/PageHeader';

export function PortfolioPage() {
  const { targets, health, history, trust, error, portfolioRequested } = usePortfolio(
    useShallow(({ targets, health, history, trust, error, portfolioRequested }) => ({
      targets,
      health,
      history,
      trust,
      error,
      portfolioRequested,
    })),
  );
  const startError = useRuns((state) => state.startError);
  usePortfolioEvents();
  useEffect(() => void portfolioRequested(), [portfolioRequested]);
  return (
    <div className="page">
      <PageHeader
        title="Targets"
        intro="Each target is a model with a system prompt (chat) or with tools (agent), scored on its dataset and gated."
      >
        <a className="button" href={hrefFor('targets', 'new')} data-testid="new-target">
          + New target
        </a>
      </PageHeader>
      {error && <div className="banner error">{error}</div>}
      {startError && (
        <div className="banner error" role="alert" data-testid="run-error">
          Could not start the run: {startError}
        </div>
      )}
      {targets?.length === 0 && (
        <div className="empty">
          No targets yet. Add one under <code>targets:</code> in aieval.yaml.
        </div>
      )}
      <div className="cards" data-testid="portfolio">
        {targets?.map((target) => (
          <TargetCard
            key={target.id}
            target={target}
            health={health[target.id]}
            history={history[target.id] ?? []}
            trust={weakestTrust(target.graders, trust)}
          />
        ))}
      </div>
    </div>
  );
}
