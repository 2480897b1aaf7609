// For the engine benchmarks: one manual run of every question of a target, once, timed from its start to its end.
import type { ValidWorkspace } from '../src-main/engine/run/plan';
import type { RunDeps } from '../src-main/engine/run/run-execution';
import { startRun } from '../src-main/engine/run/start-run';
import { trustedRunDeps } from '../test/support/run-deps';

export async function runEveryQuestion(db: RunDeps['db'], workspace: ValidWorkspace, targetId: string) {
  const deps = trustedRunDeps(db, workspace);
  const start = performance.now();
  const started = await startRun(
    { targetId, selection: { questionIds: null, repeat: 1, shard: null }, source: 'manual' },
    deps,
    new AbortController().signal,
  );
  const end = await started.finished;
  return { runId: started.runId, end, wallMs: performance.now() - start };
}
