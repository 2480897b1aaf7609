// The labeling workbench: the queue on the left, the item in the middle, the label on the right; keyboard first.
import { useEffect, useRef } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { ImportBar } from './ImportBar';
import { ItemView } from './ItemView';
import { LabelPanel, type LabelPanelHandle } from './LabelPanel';
import { QueuePanel } from './QueuePanel';
import { actionForEvent, type WorkbenchAction } from '../../components/label-keys';
import { useTraces, workbenchFailed } from './traces.store';
import { useTracesEvents } from './traces-events';

const NO_DIMENSIONS: readonly string[] = [];

export function TracesPage() {
  const item = useTraces((state) => state.item);
  const label = useTraces((state) => state.label);
  const counts = useTraces((state) => state.counts);
  const message = useTraces((state) => state.message);
  const error = useTraces((state) => state.error);
  const queueRequested = useTraces((state) => state.queueRequested);
  const dimensions = useQuery(() => api['labels.dimensions']({}), []).data ?? NO_DIMENSIONS;
  const panel = useRef<LabelPanelHandle>(null);
  useTracesEvents();
  useEffect(() => void queueRequested(), [queueRequested]);
  const queue = useRef(Promise.resolve());
  useEffect(() => {
    const perform = async (action: WorkbenchAction): Promise<void> => {
      const state = useTraces.getState();
      if (action.kind === 'verdict') await state.labelChanged({ verdict: action.verdict }, true);
      else if (action.kind === 'move') await state.moved(action.direction);
      else if (action.kind === 'undo') await state.undoRequested();
      else if (action.kind === 'dimension') state.dimensionMoved(action.by, dimensions.length);
      else if (action.kind === 'score' && dimensions[state.dimension])
        await state.labelChanged({ dimensions: { [dimensions[state.dimension]!]: action.value } });
      else if (action.kind === 'focusTags') panel.current?.focusTags();
      else if (action.kind === 'focusNotes') panel.current?.focusNotes();
    };
    const onKey = (event: KeyboardEvent) => {
      const action = actionForEvent(event);
      if (!action || !item) return;
      event.preventDefault();
      // Key presses run one after another, so a fast `f` then `d` labels two items, never the same one twice.
      queue.current = queue.current.then(() => perform(action)).catch(workbenchFailed);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [item, dimensions]);
  return (
    <div className="workbench">
      <header className="workbench-head">
        <h1>Traces</h1>
        <ImportBar />
      </header>
      {error && <div className="banner error">{error}</div>}
      {message && (
        <div className="banner" role="status" data-testid="workbench-message">
          {message}
        </div>
      )}
      <div className="workbench-body">
        <QueuePanel />
        <section className="workbench-item" aria-label="The item being labeled">
          {item ? (
            <ItemView item={item} />
          ) : (
            <div className="empty">
              {counts?.items === 0
                ? 'No traces yet. Import an OTLP file above (the example ships traces/riverside.otlp.jsonl), or send them to the OTLP receiver.'
                : 'Every item of this queue is labeled. Pick another group or change the filters.'}
            </div>
          )}
        </section>
        {item && <LabelPanel key={item.id} ref={panel} dimensions={dimensions} />}
      </div>
      {label && <span className="sr-only">Current verdict {label.verdict ?? 'none'}</span>}
    </div>
  );
}
