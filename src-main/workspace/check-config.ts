// What a run would trip on in aieval.yaml beyond its schema, found at load time: gate thresholds outside their
// metric's range, duplicate tool server names, and replay cassettes that are missing or outside the workspace.
import type { WorkspaceConfig, WorkspaceIssue } from '../../src-shared/model';
import type { Locator } from './validate-file';
import { workspaceFilePath } from './workspace-files';

/** The range of each gate metric: avg_score is on the 0-5 grader scale, the pass rates are fractions. */
const METRIC_RANGE = { avg_score: [0, 5], pass_rate: [0, 1], corrected_pass_rate: [0, 1] } as const;

export function configProblems(dir: string, config: WorkspaceConfig, locate: Locator): WorkspaceIssue[] {
  const problems: WorkspaceIssue[] = [];
  config.targets.forEach((target, index) => {
    const [min, max] = METRIC_RANGE[target.gate.metric];
    if (target.gate.threshold < min || target.gate.threshold > max)
      problems.push(
        locate(
          ['targets', index, 'gate', 'threshold'],
          'error',
          `${target.gate.threshold} is outside ${target.gate.metric}'s range ${min}-${max}: the gate could never pass`,
        ),
      );
    if (target.gate.bound !== undefined && target.gate.metric !== 'corrected_pass_rate')
      problems.push(
        locate(
          ['targets', index, 'gate', 'bound'],
          'error',
          `bound applies to metric corrected_pass_rate only (this gate's metric is ${target.gate.metric})`,
        ),
      );
    const names = new Set<string>();
    (target.tools ?? []).forEach((tool, toolIndex) => {
      if (names.has(tool.name))
        problems.push(
          locate(['targets', index, 'tools', toolIndex, 'name'], 'error', `duplicate tool server name "${tool.name}"`),
        );
      names.add(tool.name);
    });
  });
  for (const [name, provider] of Object.entries(config.providers)) {
    if (provider.kind !== 'replay' || !provider.file) continue;
    const found = workspaceFilePath(dir, provider.file);
    if (!found.ok) problems.push(locate(['providers', name, 'file'], 'error', `replay cassette: ${found.problem}`));
  }
  return problems;
}
