// `runs.merge`: the shard bundles a sharded run wrote become one stored run per target, gated as a run is.
import type { Contract } from '../../src-shared/contract';
import type { Out } from '../../src-shared/rpc/define';
import { mergeShardGroup } from '../engine/export/shards/merge-shards';
import { checkShardSet, readManifests } from '../engine/export/shards/shard-set';
import { judgeSetupOf } from '../engine/grading/trust/judge-identity';
import type { AppState } from './app-state';

/**
 * A set of shards that is not whole (a shard missing or twice, manifests of other runs) is refused before the store
 * or the workspace is read; then the targets merge one by one, and the first that cannot ends the merge.
 */
export async function mergeBundles(state: AppState, paths: readonly string[]): Promise<Out<Contract, 'runs.merge'>> {
  const { files, problems } = readManifests(paths);
  const set = checkShardSet(files);
  if (problems.length > 0 || set.problems.length > 0) return { merged: [], problems: [...problems, ...set.problems] };
  // The workspace first: an invalid one is refused before its store is opened.
  const judgeSetup = judgeSetupOf(state.validWorkspace());
  const deps = { db: state.db, resourcesDir: state.options.resourcesDir, clock: state.clock, judgeSetup };
  const merged: Out<Contract, 'runs.merge'>['merged'] = [];
  for (const group of set.groups) {
    const outcome = await mergeShardGroup(deps, group);
    if (!outcome.ok) return { merged, problems: outcome.problems };
    const { finished, shard, again, warnings } = outcome;
    merged.push({ targetId: group.targetId, shard, again, warnings, finished });
  }
  return { merged, problems: [] };
}
