// A target's Optimize button (with "even if it passes its gate"), or Cancel while its job runs; off for a disabled
// target, and checked by the same preflight as ▶ Run before a job starts.
import { useState } from 'react';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import type { OptimizerJob } from '../../../src-shared/model';
import { PreflightCallout, runBlockedReason } from '../portfolio/RunBlockers';
import { useOptimizer } from './optimizer.store';
import { useShallow } from 'zustand/react/shallow';

export function OptimizeControls({ target, job }: { target: TargetSummary; job: OptimizerJob | undefined }) {
  const targetId = target.id;
  const { optimizeRequested, cancelRequested } = useOptimizer(
    useShallow(({ optimizeRequested, cancelRequested }) => ({ optimizeRequested, cancelRequested })),
  );
  const [propose, setPropose] = useState(false);
  const running = job?.status === 'running';
  const blocked = runBlockedReason(target);
  return (
    <div className="toolbar">
      <label className="checkbox" title="Without it, a target whose baseline already clears its gate is skipped">
        <input
          type="checkbox"
          checked={propose}
          onChange={(e) => setPropose(e.target.checked)}
          disabled={running}
          data-testid={`propose-${targetId}`}
        />{' '}
        even if it passes its gate
      </label>
      {running ? (
        <button className="button" onClick={() => void cancelRequested(job.id)} data-testid={`cancel-${targetId}`}>
          Cancel
        </button>
      ) : (
        <button
          className="button primary"
          onClick={() => void optimizeRequested(targetId, propose)}
          disabled={blocked !== undefined}
          title={blocked}
          data-testid={`optimize-${targetId}`}
        >
          Optimize
        </button>
      )}
    </div>
  );
}

/** What stops Optimize on this target: disabled, or what the last preflight found, with "Optimize anyway". */
export function OptimizeBlockers({ target }: { target: TargetSummary }) {
  const found = useOptimizer((state) => state.preflight[target.id]);
  if (!target.enabled)
    return (
      <div className="callout" data-testid={`optimize-disabled-${target.id}`}>
        Disabled (enabled: false in aieval.yaml): Optimize is off until it is enabled in Targets, as ▶ Run is.
      </div>
    );
  return (
    <PreflightCallout
      problems={found?.problems ?? []}
      again="Optimize"
      anyway="Optimize anyway"
      onAnyway={() => void useOptimizer.getState().optimizeRequested(target.id, found?.propose ?? false, true)}
      testId={`optimize-preflight-${target.id}`}
      anywayTestId={`optimize-anyway-${target.id}`}
    />
  );
}
