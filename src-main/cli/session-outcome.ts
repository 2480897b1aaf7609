// What a run command's session did, which the shard writer and the exit code read.
import type { PlannedRun } from '../../src-shared/contract/run-batch.contract';
import type { RunFinished } from '../../src-shared/model';

/** What the command did: the runs that ended, whether any run was refused (exit 2), the targets a shard had no question of. */
export type SessionOutcome = Readonly<{
  finished: RunFinished[];
  refused: boolean;
  empty?: Required<Pick<PlannedRun, 'targetId' | 'identity'>>[];
}>;
