// One dataset file in Monaco, with a problems panel (schema and `ai-eval validate` checks) and save.
import { useEffect, useMemo, useState } from 'react';
import { formatIssue } from '../../../src-shared/model';
import type { EditorMarker } from '../../components/monaco/YamlEditor';
import { YamlEditor } from '../../components/monaco/YamlEditor';
import { isDirty, useDatasets } from './datasets.store';
import { QuestionTable } from './QuestionTable';
import { questionRows, rowsCountText } from './question-edits';
import { DiskChangeBanner } from '../../components/DiskChangeBanner';
import { useDiskWatch } from '../../components/disk-change';
import { useUnsavedEditor } from '../../navigation/unsaved.store';

export function DatasetEditor({ id }: { id: string }) {
  const open = useDatasets((state) => state.open);
  const draft = useDatasets((state) => state.draft);
  const onDisk = useDatasets((state) => state.onDisk);
  const liveIssues = useDatasets((state) => state.liveIssues);
  const saving = useDatasets((state) => state.saving);
  const error = useDatasets((state) => state.error);
  const { datasetOpened, draftEdited, saveRequested, reloadRequested, keepMineRequested } = useDatasets.getState();
  const [showTable, setShowTable] = useState(true);
  const dirty = useDatasets(isDirty);
  const [markers, setMarkers] = useState<EditorMarker[]>([]);
  const [revealLine, setRevealLine] = useState<number>();
  useEffect(() => void datasetOpened(id), [id, datasetOpened]);
  // The header and the table count the same rows: the editor's, as typed.
  const draftRows = useMemo(() => questionRows(draft), [draft]);
  useUnsavedEditor('dataset', dirty, {
    screen: 'datasets',
    label: open?.file ?? `dataset ${id}`,
    isDirty: () => isDirty(useDatasets.getState()),
    save: saveRequested,
    discard: () => useDatasets.getState().discardRequested(),
  });
  useDiskWatch(open?.file, () => void useDatasets.getState().diskChanged());
  if (error && !open) return <div className="page banner error">{error}</div>;
  if (!open || open.id !== id) return <div className="page muted">Loading {id}…</div>;
  const problems = [...markers].sort((a, b) => a.line - b.line || a.column - b.column);
  return (
    <section className="editor-pane" aria-label={`Dataset ${id}`}>
      <header className="editor-toolbar">
        <div>
          <strong>{open.file}</strong>
          {dirty && (
            <span className="dirty-mark" data-testid="dataset-dirty">
              {' '}
              ● unsaved changes
            </span>
          )}
          {open.dataset && (
            <span className="muted">
              {' '}
              · v{open.dataset.version} ·{' '}
              <span data-testid="dataset-count">
                {rowsCountText(draftRows ?? open.dataset.questions.map((q) => ({ disabled: q.disabled === true })))}
              </span>
            </span>
          )}
        </div>
        <div className="toolbar-actions">
          {error && <span className="badge fail">{error}</span>}
          <button
            className="button"
            onClick={() => setShowTable(!showTable)}
            aria-pressed={showTable}
            data-testid="toggle-table"
          >
            {showTable ? 'Hide table' : 'Show table'}
          </button>
          <button
            className="button primary"
            onClick={() => void saveRequested()}
            disabled={!dirty || saving}
            data-testid="save-dataset"
            title="Save (Ctrl+S)"
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </header>
      {onDisk && (
        <DiskChangeBanner
          subject={open.file}
          mine={draft}
          onDisk={onDisk.text}
          onReload={reloadRequested}
          onKeepMine={keepMineRequested}
        />
      )}
      <div className="editor-body">
        <YamlEditor
          file={open.file}
          value={draft}
          serverIssues={liveIssues}
          onChange={draftEdited}
          onSave={() => void saveRequested()}
          onMarkers={setMarkers}
          revealLine={revealLine}
        />
        {showTable && <QuestionTable rows={draftRows} />}
      </div>
      <div className="problems" data-testid="problems">
        <div className="problems-title">
          Problems <span className="badge">{problems.length}</span>
        </div>
        {problems.length === 0 ? (
          <p className="muted problems-empty">
            No problems: the file matches the dataset schema and its references resolve.
          </p>
        ) : (
          <ul className="issues">
            {problems.map((marker, index) => (
              <li
                key={index}
                onClick={() => setRevealLine(marker.line)}
                title={formatIssue({
                  file: open.file,
                  line: marker.line,
                  column: marker.column,
                  path: '',
                  message: marker.message,
                  severity: marker.severity,
                })}
              >
                <span className={`badge ${marker.severity === 'error' ? 'fail' : 'degraded'}`}>
                  {marker.severity === 'error' ? '✕ error' : '! warning'}
                </span>
                <span className="mono muted">
                  {marker.line}:{marker.column}
                </span>
                <span>{marker.message}</span>
                <span className="muted">({marker.source})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
