// Warns about quarantine entries of aieval.yaml that name no question of the target's dataset, or repeat an id: such an
// entry leaves nothing out of the gate, so it is a warning, never an error.
import { quarantineEntryId, type WorkspaceConfig, type WorkspaceIssue } from '../../src-shared/model';
import type { LoadedDataset } from './loaded-dataset';
import type { Locator } from './validate-file';

export function quarantineProblems(
  config: WorkspaceConfig,
  datasets: ReadonlyMap<string, LoadedDataset>,
  locate: Locator,
): WorkspaceIssue[] {
  const problems: WorkspaceIssue[] = [];
  config.targets.forEach((target, index) => {
    const dataset = datasets.get(target.dataset);
    const known = new Map(dataset?.dataset.questions.map((question) => [question.id, question]) ?? []);
    const seen = new Set<string>();
    (target.quarantine ?? []).forEach((entry, entryIndex) => {
      const id = quarantineEntryId(entry);
      const path = ['targets', index, 'quarantine', entryIndex, ...(typeof entry === 'string' ? [] : ['id'])];
      if (seen.has(id)) problems.push(locate(path, 'warning', `"${id}" is quarantined twice; keep one entry`));
      seen.add(id);
      // Without a loaded dataset its own error says why; nothing to check the ids against.
      if (dataset && !known.has(id))
        problems.push(
          locate(
            path,
            'warning',
            `quarantined question "${id}" is not in dataset "${target.dataset}": it leaves nothing out`,
          ),
        );
      else if (known.get(id)?.disabled)
        problems.push(locate(path, 'warning', `quarantined question "${id}" is disabled: it does not run anyway`));
    });
  });
  return problems;
}
