// Test helper: the engine's run dependencies for a trusted workspace that needs no API key, with a fresh rate limiter.
import type { ValidWorkspace } from '../../src-main/engine/run/plan';
import { defaultRunDeps, type RunDepsInput } from '../../src-main/engine/run/run-deps';
import { LimiterRegistry } from '../../src-main/engine/run/run-services';

export function trustedRunDeps(
  db: RunDepsInput['db'],
  workspace: ValidWorkspace,
  onProgress?: RunDepsInput['onProgress'],
) {
  return defaultRunDeps({
    db,
    workspace,
    trusted: true,
    clock: Date.now,
    keysFor: () => ({}),
    limiters: new LimiterRegistry(),
    onProgress,
  });
}
