// The one place trace events feed the traces store: import progress, and new traces from the receiver reload the queue.
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useTraces } from './traces.store';

/** Follows imports and received traces while the workbench is mounted; the workbench loads the queue when it opens. */
export function useTracesEvents(): void {
  useEffect(() => {
    const { importProgressed, queueRequested } = useTraces.getState();
    const offProgress = api.on('traces.importProgressed', importProgressed);
    const offReceived = api.on('traces.received', () => void queueRequested());
    return () => {
      offProgress();
      offReceived();
    };
  }, []);
}
