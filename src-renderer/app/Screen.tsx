// Picks the screen for the current route.
import type { Route } from './router';
import { DatasetsPage } from '../features/datasets/DatasetsPage';
import { PortfolioPage } from '../features/portfolio/PortfolioPage';

export function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'datasets':
      return <DatasetsPage datasetId={route.params[0]} />;
    case 'targets':
    default:
      return <PortfolioPage />;
  }
}
