// The one place events feed the results store: a finished run reloads the dashboard the screen shows.
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useResults } from './results.store';

/** Reloads the dashboard of `targetId` (all targets when undefined) whenever a run finishes, while mounted. */
export function useResultsEvents(targetId: string | undefined, experiments: boolean): void {
  useEffect(() => {
    const { dashboardRequested } = useResults.getState();
    return api.on('runs.finished', () => void dashboardRequested(targetId, experiments));
  }, [targetId, experiments]);
}
