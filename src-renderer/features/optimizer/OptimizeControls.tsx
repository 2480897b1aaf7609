// A target's Optimize button (with "even if it passes its gate"), or Cancel while its job runs.
import { useState } from 'react';
import type { OptimizerJob } from '../../../src-shared/model';
import { useOptimizer } from './optimizer.store';
import { useShallow } from 'zustand/react/shallow';

export function OptimizeControls({ targetId, job }: { targetId: string; job: OptimizerJob | undefined }) {
  const { optimizeRequested, cancelRequested } = useOptimizer(
    useShallow(({ optimizeRequested, cancelRequested }) => ({ optimizeRequested, cancelRequested })),
  );
  const [propose, setPropose] = useState(false);
  const running = job?.status === 'running';
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
          data-testid={`optimize-${targetId}`}
        >
          Optimize
        </button>
      )}
    </div>
  );
}
