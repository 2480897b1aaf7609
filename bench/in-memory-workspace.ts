// The workspace as the loader would return it, built in memory for the benchmarks: one dataset, no rubrics, no issues.
import type { ValidWorkspace } from '../src-main/engine/run/plan';
import type { Dataset, WorkspaceConfig } from '../src-shared/model';

/** `config` in `dir` with `dataset` as its only dataset, read from datasets/<id>.yaml with nothing disabled. */
export function inMemoryWorkspace(dir: string, config: WorkspaceConfig, dataset: Dataset): ValidWorkspace {
  const file = `datasets/${dataset.id}.yaml`;
  return {
    dir,
    config,
    datasets: new Map([[dataset.id, { file, dataset, questions: dataset.questions, disabledCount: 0 }]]),
    rubrics: new Map(),
    issues: [],
  };
}
