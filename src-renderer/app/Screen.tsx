// Picks the screen for the current route: one render function per screen of the table (navigation/screens.ts).
import type { ReactElement } from 'react';
import type { GraderId } from '../../src-shared/model';
import type { Route } from '../navigation/router';
import type { ScreenName } from '../navigation/screens';
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

/**
 * How each screen of the table renders from the parameters its address spells (an address is typed by hand, so a
 * screen checks them and falls back where they are incomplete). Keyed by the table: a screen missing here does not
 * compile.
 */
const RENDER: { readonly [S in ScreenName]: (params: readonly string[]) => ReactElement } = {
  targets: ([first, second]) => {
    if (first === 'new' && !second) return <TargetEditorPage key="new" targetId={undefined} />;
    if (first && second === 'edit') return <TargetEditorPage key={first} targetId={first} />;
    return <PortfolioPage />;
  },
  datasets: ([first]) => <DatasetsPage datasetId={first} />,
  results: ([first]) => <ResultsPage targetId={first} />,
  optimizer: ([first, second]) => {
    if (first === 'compare') return <ComparePromptsPage key={second ?? ''} targetId={second} />;
    if (first === 'compare-models') return <CompareModelsPage key={second ?? ''} targetId={second} />;
    return first ? <CandidatePage key={first} id={first} /> : <OptimizerPage />;
  },
  traces: () => <TracesPage />,
  judges: ([first, second]) =>
    first && second === 'label' ? <GoldLabeling key={first} grader={first as GraderId} /> : <JudgesPage />,
  settings: () => <SettingsPage />,
  glossary: ([first]) => <GlossaryPage termId={first} />,
  runs: ([first]) => (first ? <RunPage key={first} runId={first} /> : <ResultsPage targetId={undefined} />),
  matrix: (params) => (params.length >= 2 ? <MatrixPage runIds={params} /> : <ResultsPage targetId={undefined} />),
  history: ([first, second]) =>
    first && second ? (
      <QuestionTimelinePage key={`${first}/${second}`} targetId={first} questionId={second} />
    ) : (
      <ResultsPage targetId={first} />
    ),
};

export function Screen({ route }: { route: Route }) {
  return route.screen ? RENDER[route.screen](route.params) : <PortfolioPage />;
}
