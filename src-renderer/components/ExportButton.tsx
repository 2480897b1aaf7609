// Exports a complete run as an Every Eval Ever envelope (aggregate + samples); a toast says where the files went and
// offers them: "Save as…" and "Show in folder" in the desktop app, a zip download in the browser.
import { useState } from 'react';
import type { ExportOutcome } from '../../src-shared/model';
import type { DesktopActions } from '../../src-shared/rpc/wire';
import { api } from '../api/client';
import { Toast } from './Toast';
import { bytes } from './format';
import { messageOf } from '../../src-shared/text/message-of';

type Shown = Readonly<{ outcome: ExportOutcome } | { error: string }>;

/** The browser's download link of an export's files (the HTTP shell zips them; the token cookie goes with it). */
export const downloadHref = (outcome: ExportOutcome): string =>
  `/download/export.zip?${outcome.files.map((file) => `file=${encodeURIComponent(file.path)}`).join('&')}`;

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

function DesktopOffers({ outcome, desktop }: { outcome: ExportOutcome; desktop: DesktopActions }) {
  const [note, setNote] = useState<string>();
  const files = outcome.files.map((file) => file.path);
  const saveAs = async () => {
    const reply = await desktop.request({ action: 'saveExportAs', files });
    setNote(reply.error ?? (reply.saved ? `Saved ${reply.saved}` : undefined));
  };
  const show = async () => {
    const reply = await desktop.request({ action: 'showInFolder', file: files[0] ?? '' });
    setNote(reply.error);
  };
  return (
    <>
      <div className="toolbar">
        <button type="button" className="button primary" onClick={() => void saveAs()} data-testid="export-save-as">
          Save as…
        </button>
        <button type="button" className="button" onClick={() => void show()} data-testid="export-show-in-folder">
          Show in folder
        </button>
      </div>
      {note && <span className="path">{note}</span>}
    </>
  );
}

function ExportToast({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  if ('error' in shown)
    return (
      <Toast tone="error" title="Not exported" onClose={onClose} testId="export-toast">
        <span data-testid="export-result">{shown.error}</span>
      </Toast>
    );
  const { outcome } = shown;
  const desktop = window.evalBridge?.desktop;
  return (
    <Toast title="Exported as an EEE envelope" onClose={onClose} testId="export-toast">
      <ul className="plain-list" data-testid="export-result">
        {outcome.files.map((file) => (
          <li key={file.path}>
            <strong>{file.kind === 'aggregate' ? 'Aggregate' : 'Samples'}</strong> · {bytes(file.bytes)}
            {file.rows !== null && `, ${file.rows} rows`}
            <div className="path">{fileName(file.path)}</div>
          </li>
        ))}
      </ul>
      <span className="path" data-testid="export-folder-line">
        in <span data-testid="export-folder">{outcome.folder}</span>
      </span>
      {desktop ? (
        <DesktopOffers outcome={outcome} desktop={desktop} />
      ) : (
        <div className="toolbar">
          <a className="button primary" href={downloadHref(outcome)} download data-testid="export-download">
            Download zip
          </a>
        </div>
      )}
    </Toast>
  );
}

/** With `baselineRunId` (a matrix column) the envelope also carries the paired comparison with that run. */
export function ExportButton({ runId, baselineRunId }: { runId: string; baselineRunId?: string }) {
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>();
  const exportRun = async () => {
    setBusy(true);
    try {
      const outcome = await api['export.run']({ runId, baselineRunId });
      setShown(outcome.problems.length ? { error: outcome.problems.join('; ') } : { outcome });
    } catch (error) {
      setShown({ error: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        className="button"
        onClick={() => void exportRun()}
        disabled={busy}
        data-testid="export-run"
        title={`Write this run as an Every Eval Ever 0.3.0 envelope (an aggregate file and a samples file)${baselineRunId ? ', with its score and pass-rate differences against the baseline as two more results' : ''}`}
      >
        {busy ? 'Exporting…' : 'Export envelope'}
      </button>
      {shown && <ExportToast shown={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}
