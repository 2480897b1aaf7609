// Exports a complete run as an Every Eval Ever envelope (aggregate + samples) and says where the files went.
import { useState } from 'react';
import { api } from '../../api/client';

export function ExportButton({ runId }: { runId: string }) {
  const [state, setState] = useState<{ busy: boolean; text?: string; failed?: boolean }>({ busy: false });
  const exportRun = async () => {
    setState({ busy: true });
    try {
      const outcome = await api['export.run']({ runId });
      setState(
        outcome.problems.length
          ? { busy: false, failed: true, text: `Not exported: ${outcome.problems.join('; ')}` }
          : {
              busy: false,
              text: `Wrote ${outcome.files.map((f) => f.path.split('/').pop()).join(' and ')} to ${outcome.folder}`,
            },
      );
    } catch (error) {
      setState({ busy: false, failed: true, text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <span className="export">
      <button
        className="button"
        onClick={() => void exportRun()}
        disabled={state.busy}
        data-testid="export-run"
        title="Every Eval Ever 0.3.0 envelope"
      >
        {state.busy ? 'Exporting…' : 'Export envelope'}
      </button>
      {state.text && (
        <span className={state.failed ? 'badge fail' : 'muted'} data-testid="export-result" role="status">
          {state.text}
        </span>
      )}
    </span>
  );
}
