// A target_match source that no question using its rubric has (a typo in a free-form part, `metadata.gold` never
// written) would make the check skip every question in silence: refused at load, at the check's source.
import type { Rubric, RubricCheck, WorkspaceIssue } from '../../src-shared/model';
import { dotPath } from '../../src-shared/text/dot-path';
import { sourceProblem } from './check-rubrics';
import type { LoadedDataset } from './load-workspace';
import type { Locator } from './validate-file';

type Source = Readonly<{ path: PropertyKey[]; source: string }>;

function sourcesOf(checks: readonly RubricCheck[], path: PropertyKey[], found: Source[]): Source[] {
  checks.forEach((check, index) => {
    // A source that is no path into a question is reported as such (check-rubrics.ts), once.
    if (check.kind === 'target_match' && !sourceProblem(check.source))
      found.push({ path: [...path, index, 'source'], source: check.source });
    if (check.kind === 'composite') sourcesOf(check.checks, [...path, index, 'checks'], found);
  });
  return found;
}

export function unreachedSources(
  rubrics: ReadonlyMap<string, Rubric>,
  locators: ReadonlyMap<string, Locator>,
  datasets: ReadonlyMap<string, LoadedDataset>,
  resolve: (ref: string) => Rubric | undefined,
): WorkspaceIssue[] {
  const problems: WorkspaceIssue[] = [];
  for (const [id, rubric] of rubrics) {
    const sources = sourcesOf(rubric.checks, ['checks'], []);
    const locate = locators.get(id);
    if (sources.length === 0 || !locate) continue;
    const questions = [...datasets.values()].flatMap((loaded) =>
      loaded.dataset.questions.filter((question) => question.rubric_ref && resolve(question.rubric_ref) === rubric),
    );
    if (questions.length === 0) continue;
    for (const { path, source } of sources) {
      const reached = questions.some((question) => {
        const value = dotPath(question, source);
        return typeof value === 'string' && value !== '';
      });
      if (!reached)
        problems.push(
          locate(
            path,
            'error',
            `none of the ${questions.length} question(s) using rubric ${id} has a text at ${source}: the check would be skipped in every one`,
          ),
        );
    }
  }
  return problems;
}
