// Shown when a file open with unsaved edits changed on disk: reload it, compare, or keep the edits (as VS Code does).
import { useState } from 'react';
import { lineDiff } from '../../src-shared/text/line-diff';

type Props = Readonly<{
  /** What changed on disk, in words: `datasets/helpdesk.yaml`, `aieval.yaml (target helpdesk-bot)`. */
  subject: string;
  /** The editor's content and the content on disk, as the texts the comparison shows line by line. */
  mine: string;
  onDisk: string;
  onReload(): void;
  onKeepMine(): void;
}>;

export function DiskChangeBanner({ subject, mine, onDisk, onReload, onKeepMine }: Props) {
  const [comparing, setComparing] = useState(false);
  const diff = comparing ? lineDiff(onDisk, mine) : undefined;
  return (
    <div className="banner warning disk-change" role="alert" data-testid="disk-change">
      <div className="disk-change-line">
        <span>
          <strong>{subject}</strong> changed on disk since you opened it, and you have unsaved edits.
        </span>
        <span className="toolbar-actions">
          <button type="button" className="button" onClick={() => setComparing(!comparing)} aria-pressed={comparing}>
            {comparing ? 'Hide comparison' : 'Compare'}
          </button>
          <button type="button" className="button" onClick={onReload} data-testid="reload-from-disk">
            Reload from disk (drop my edits)
          </button>
          <button type="button" className="button" onClick={onKeepMine} data-testid="keep-mine">
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
