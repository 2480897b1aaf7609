// The one place run events are subscribed: progress and finish events feed the runs store (started at boot).
import { api } from '../../api/client';
import { useRuns } from './runs.store';

export function startRunEvents(): () => void {
  const { runProgressed, runFinished } = useRuns.getState();
  const offProgress = api.on('runs.progressed', runProgressed);
  const offFinished = api.on('runs.finished', runFinished);
  return () => {
    offProgress();
    offFinished();
  };
}
