// Picks the screen for the current route.
import type { GraderId } from '../../src-shared/model';
import type { Route } from '../navigation/router';
import { DatasetsPage } from '../features/datasets/DatasetsPage';
import { PortfolioPage } from '../features/portfolio/PortfolioPage';
import { GlossaryPage } from '../features/glossary/GlossaryPage';
import { GoldLabeling } from '../features/judges/GoldLabeling';
import { JudgesPage } from '../features/judges/JudgesPage';
import { TracesPage } from '../features/traces/TracesPage';
import { CandidatePage } from '../features/optimizer/CandidatePage';
import { CompareModelsPage } from '../features/optimizer/CompareModelsPage';
import { ComparePromptsPage } from '../features/optimizer/ComparePromptsPage';
import { OptimizerPage } from '../features/optimizer/OptimizerPage';
import { QuestionTimelinePage } from '../features/history/QuestionTimelinePage';
import { MatrixPage } from '../features/compare/MatrixPage';
import { ResultsPage } from '../features/results/ResultsPage';
import { RunPage } from '../features/results/RunPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { TargetEditorPage } from '../features/targets/TargetEditorPage';

export function Screen({ route }: { route: Route }) {
  const [first, second] = route.params;
  switch (route.screen) {
    case 'datasets':
      return <DatasetsPage datasetId={first} />;
    case 'results':
      return <ResultsPage targetId={first} />;
    case 'runs':
      return first ? <RunPage key={first} runId={first} /> : <ResultsPage targetId={undefined} />;
    case 'matrix':
      return route.params.length >= 2 ? <MatrixPage runIds={route.params} /> : <ResultsPage targetId={undefined} />;
    case 'history':
      return first && second ? (
        <QuestionTimelinePage key={`${first}/${second}`} targetId={first} questionId={second} />
      ) : (
        <ResultsPage targetId={first} />
      );
    case 'traces':
      return <TracesPage />;
    case 'judges':
      return first && second === 'label' ? <GoldLabeling key={first} grader={first as GraderId} /> : <JudgesPage />;
    case 'optimizer':
      if (first === 'compare') return <ComparePromptsPage key={second ?? ''} targetId={second} />;
      if (first === 'compare-models') return <CompareModelsPage key={second ?? ''} targetId={second} />;
      return first ? <CandidatePage key={first} id={first} /> : <OptimizerPage />;
    case 'settings':
      return <SettingsPage />;
    case 'glossary':
      return <GlossaryPage termId={first} />;
    case 'targets':
      if (first === 'new' && !second) return <TargetEditorPage key="new" targetId={undefined} />;
      if (first && second === 'edit') return <TargetEditorPage key={first} targetId={first} />;
      return <PortfolioPage />;
    default:
      return <PortfolioPage />;
  }
}
