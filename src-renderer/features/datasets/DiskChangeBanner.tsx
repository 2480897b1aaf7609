// Shown when the open dataset file changed on disk while it has unsaved edits: reload it, compare, or keep the edits.
import { useState } from 'react';
import { lineDiff } from '../../../src-shared/text/line-diff';
import { useDatasets } from './datasets.store';

export function DiskChangeBanner() {
  const { open, onDisk, draft, reloadRequested, keepMineRequested } = useDatasets();
  const [comparing, setComparing] = useState(false);
  if (!open || !onDisk) return null;
  const diff = comparing ? lineDiff(onDisk.text, draft) : undefined;
  return (
    <div className="banner warning disk-change" role="alert" data-testid="disk-change">
      <div className="disk-change-line">
        <span>
          <strong>{open.file}</strong> changed on disk since you opened it, and you have unsaved edits.
        </span>
        <span className="toolbar-actions">
          <button className="button" onClick={() => setComparing(!comparing)} aria-pressed={comparing}>
            {comparing ? 'Hide comparison' : 'Compare'}
          </button>
          <button className="button" onClick={reloadRequested} data-testid="reload-from-disk">
            Reload from disk (drop my edits)
          </button>
          <button className="button" onClick={keepMineRequested} data-testid="keep-mine">
            Keep my edits
          </button>
        </span>
      </div>
      {diff && (
        <pre className="disk-diff" aria-label="Your edits compared with the file on disk" data-testid="disk-diff">
          {diff.removed.length + diff.added.length === 0 && 'Your text and the file on disk are the same.'}
          {diff.removed.map((line, index) => (
            <div key={`r${index}`} className="diff-removed">
              − {line.replace(/\r?\n$/, '')} <span className="muted">(on disk)</span>
            </div>
          ))}
          {diff.added.map((line, index) => (
            <div key={`a${index}`} className="diff-added">
              + {line.replace(/\r?\n$/, '')} <span className="muted">(yours)</span>
            </div>
          ))}
        </pre>
      )}
    </div>
  );
}
