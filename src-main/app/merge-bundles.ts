// `runs.merge`: the shard bundles a sharded run wrote become one stored run per target, gated as a run is.
import type { Contract } from '../../src-shared/contract';
import type { Out } from '../../src-shared/rpc/define';
import { mergeShardGroup, prepareShardGroup, type PreparedGroup } from '../engine/export/shards/merge-shards';
import { checkShardSet, readManifests } from '../engine/export/shards/shard-set';
import { workspaceDifferences } from '../engine/export/shards/shard-workspace';
import { judgeSetupOf } from '../engine/trust/judge-identity';
import type { AppState } from './app-state';

/**
 * A set of shards that is not whole (a shard missing or twice, manifests of other runs) is refused before the store
 * or the workspace is read. Then every target's files are read and checked (against their samples, this workspace's
 * targets and the store) before anything is written: one target refused refuses the merge whole, the store unchanged.
 */
export async function mergeBundles(state: AppState, paths: readonly string[]): Promise<Out<Contract, 'runs.merge'>> {
  const { files, problems } = readManifests(paths);
  const set = checkShardSet(files);
  if (problems.length > 0 || set.problems.length > 0) return { merged: [], problems: [...problems, ...set.problems] };
  // The workspace first: an invalid one is refused before its store is opened.
  const workspace = state.validWorkspace();
  const judgeSetup = judgeSetupOf(workspace);
  const foreign = set.groups.flatMap((group) => workspaceDifferences(workspace, group));
  if (foreign.length > 0) return { merged: [], problems: foreign };
  const deps = { db: state.db, resourcesDir: state.options.resourcesDir, clock: state.clock, judgeSetup };
  const prepared: PreparedGroup[] = [];
  for (const group of set.groups) {
    const outcome = await prepareShardGroup(deps, group);
    if (!outcome.ok) return { merged: [], problems: outcome.problems };
    prepared.push(outcome.prepared);
  }
  const merged: Out<Contract, 'runs.merge'>['merged'] = [];
  for (const group of prepared) {
    const { finished, shard, again, warnings } = await mergeShardGroup(deps, group);
    merged.push({ targetId: group.group.targetId, shard, again, warnings, finished });
  }
  return { merged, problems: [] };
}
