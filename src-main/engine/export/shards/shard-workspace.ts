// Shards merge only into the workspace that ran them: its target must be the one every slice was run with (prompt,
// model, dataset and its content, graders, gate), so bundles of another workspace, or of an older version of this
// one, are refused rather than gated by the wrong rules.
import { APP_VERSION } from '../../../paths';
import { GRADERS } from '../../grading/registry';
import { buildIdentity } from '../../run/identity';
import { planRun, type ValidWorkspace } from '../../run/plan';
import { messageOf } from '../../../../src-shared/text/message-of';
import { identityDifferences } from './shard-bundle';
import type { ShardGroup } from './shard-set';

const HERE = 'this workspace';

export function workspaceDifferences(workspace: ValidWorkspace, group: ShardGroup): string[] {
  const slice = group.slices.find((s) => s.entry.status === 'complete') ?? group.slices[0];
  if (!slice) return [];
  const ran = slice.entry.identity;
  const known = workspace.config.targets.map((target) => target.id);
  if (!known.includes(group.targetId))
    return [
      `${slice.manifestPath}: ${group.targetId} is not a target of ${HERE} (${known.join(', ') || 'none'}): ` +
        'merge shard bundles in the workspace that ran them',
    ];
  try {
    // Planned only to be compared: no process starts, so trust does not matter here.
    const plan = planRun(workspace, group.targetId, { ...ran.selection, shard: null }, GRADERS, true);
    const here = buildIdentity({ workspace, plan, source: ran.source, appVersion: APP_VERSION, judgeTemplates: {} });
    const differences = identityDifferences(here, ran, HERE);
    return differences.length === 0
      ? []
      : [
          `${slice.manifestPath}: the shards of ${group.targetId} were run with another ${differences.join('; ')}: ` +
            `merge them in the workspace that ran them, or run the shards again`,
        ];
  } catch (error) {
    return [`${slice.manifestPath}: ${group.targetId} cannot be planned in ${HERE}: ${messageOf(error)}`];
  }
}
