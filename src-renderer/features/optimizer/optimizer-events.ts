// The one place optimizer events are subscribed: job progress and job ends feed the optimizer store while its screens are open.
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useOptimizer } from './optimizer.store';

/** Follows optimizer jobs while the calling screen is mounted; the screen reloads the jobs when it opens. */
export function useOptimizerEvents(): void {
  useEffect(() => {
    const { jobProgressed, jobFinished } = useOptimizer.getState();
    const offProgress = api.on('optimizer.progressed', jobProgressed);
    const offFinished = api.on('optimizer.finished', (finished) => void jobFinished(finished));
    return () => {
      offProgress();
      offFinished();
    };
  }, []);
}
