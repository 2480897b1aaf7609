// The one place events feed the results store: a finished run, or runs another process writes (an `ai-eval run` beside
// `ai-eval serve`), reload the dashboard the screen shows.
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useResults } from './results.store';

/** Another process's run writes its progress every second or so: the dashboard follows it at most this often. */
const ELSEWHERE_RELOAD_MS = 2_000;

/** Reloads the dashboard of `targetId` (all targets when undefined) whenever a run finishes or moves elsewhere. */
export function useResultsEvents(targetId: string | undefined, experiments: boolean): void {
  useEffect(() => {
    const { dashboardRequested } = useResults.getState();
    const reload = () => void dashboardRequested(targetId, experiments);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offFinished = api.on('runs.finished', reload);
    const offElsewhere = api.on('runs.changedElsewhere', () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        reload();
      }, ELSEWHERE_RELOAD_MS);
    });
    return () => {
      offFinished();
      offElsewhere();
      clearTimeout(timer);
    };
  }, [targetId, experiments]);
}
