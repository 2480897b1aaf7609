// Imports Every Eval Ever files picked or dropped here (an aggregate with its samples file beside it), as runs;
// each file's outcome in the same words as `ai-eval import-envelope`.
import { useState, type DragEvent } from 'react';
import { api } from '../../api/client';
import { importOutcomeLines, type OutcomeLine } from '../../../src-shared/text/import-outcome-lines';
import { messageOf } from '../../../src-shared/text/message-of';

type Shown = Readonly<{ lines: readonly OutcomeLine[] } | { error: string }>;

export function EnvelopeImport({ onImported }: { onImported: () => void }) {
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [shown, setShown] = useState<Shown>();
  const importFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    setBusy(true);
    try {
      const sent = await Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text() })));
      const { outcomes } = await api['import.envelopeFiles']({ files: sent });
      setShown({ lines: outcomes.flatMap(importOutcomeLines) });
      if (outcomes.some((outcome) => outcome.status === 'imported' || outcome.status === 'merged')) onImported();
    } catch (error) {
      setShown({ error: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void importFiles(event.dataTransfer.files);
  };
  return (
    <section
      className={`card envelope-import${over ? ' drag-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="envelope-import"
    >
      <div className="envelope-import-bar">
        <h2>Import envelopes</h2>
        <label className={`button${busy ? ' disabled' : ''}`}>
          {busy ? 'Importing…' : 'Choose files…'}
          <input
            type="file"
            multiple
            accept=".json,.jsonl"
            hidden
            disabled={busy}
            onChange={(event) => {
              void importFiles(event.target.files);
              event.target.value = '';
            }}
            data-testid="envelope-files"
          />
        </label>
        <span className="muted">
          or drop Every Eval Ever files here: the aggregate <span className="mono">&lt;uuid&gt;.json</span> with its{' '}
          <span className="mono">_samples.jsonl</span>. Each becomes a run with source “import”.
        </span>
      </div>
      {shown && 'error' in shown && (
        <div className="banner error" data-testid="envelope-import-result">
          {shown.error}
        </div>
      )}
      {shown && 'lines' in shown && (
        <pre className="envelope-import-result" data-testid="envelope-import-result">
          {shown.lines.map((line, index) => (
            <div key={index} className={line.level === 'info' ? undefined : `line-${line.level}`}>
              {line.text}
            </div>
          ))}
        </pre>
      )}
    </section>
  );
}
