// Importing OTLP files by path (relative to the workspace), with per-file progress and the summary.
import { useState } from 'react';
import { useTraces } from './traces.store';

export function ImportBar() {
  const importing = useTraces((state) => state.importing);
  const lastImport = useTraces((state) => state.lastImport);
  const { importRequested } = useTraces.getState();
  const [paths, setPaths] = useState('traces/riverside.otlp.jsonl');
  return (
    <div className="import-bar">
      <input
        className="input"
        value={paths}
        onChange={(e) => setPaths(e.target.value)}
        aria-label="Files to import (comma-separated, relative to the workspace)"
        data-testid="import-paths"
      />
      <button
        className="button"
        disabled={Boolean(importing) || !paths.trim()}
        onClick={() =>
          void importRequested(
            paths
              .split(',')
              .map((p) => p.trim())
              .filter(Boolean),
          )
        }
        data-testid="import-traces"
      >
        {importing
          ? `Importing ${importing.fileIndex + 1}/${importing.fileCount}… ${Math.round((importing.bytesRead / Math.max(1, importing.totalBytes)) * 100)}%`
          : 'Import OTLP'}
      </button>
      {lastImport && (
        <span className="muted" data-testid="import-summary">
          {lastImport.inserted} new spans ({lastImport.skipped} already imported), {lastImport.reviewItems} review
          items, {lastImport.bad} bad
          {lastImport.errors[0] &&
            `: ${lastImport.errors[0].file}${lastImport.errors[0].line ? `:${lastImport.errors[0].line}` : ''} ${lastImport.errors[0].message}`}
        </span>
      )}
    </div>
  );
}
