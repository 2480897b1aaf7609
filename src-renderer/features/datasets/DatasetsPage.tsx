// The datasets screen: the workspace's dataset files on the left, the open one in the YAML editor.
import { useEffect, useState } from 'react';
import { hrefFor } from '../../navigation/router';
import { DatasetEditor } from './DatasetEditor';
import { NewDatasetForm } from './NewDatasetForm';
import { questionCountText } from './question-edits';
import { isDirty, useDatasets } from './datasets.store';

export function DatasetsPage({ datasetId }: { datasetId: string | undefined }) {
  const list = useDatasets((state) => state.list);
  const listRequested = useDatasets((state) => state.listRequested);
  useEffect(() => void listRequested(), [listRequested]);
  const selected = datasetId ?? list?.[0]?.id;
  const [creating, setCreating] = useState(false);
  // Opening a dataset (or the one just created) closes the form.
  useEffect(() => setCreating(false), [datasetId]);
  const dirty = useDatasets(isDirty);
  return (
    <div className="split">
      <aside className="split-list" aria-label="Datasets">
        <div className="split-list-title">Datasets</div>
        <button
          type="button"
          className="button split-list-action"
          onClick={() => setCreating(true)}
          aria-pressed={creating}
          disabled={dirty}
          title={dirty ? 'Save or discard the edits of the open dataset first' : undefined}
          data-testid="new-dataset"
        >
          New dataset
        </button>
        {list?.length === 0 && <p className="muted">No datasets yet: press New dataset.</p>}
        {list?.map((dataset) => (
          <a
            key={dataset.id}
            href={hrefFor('datasets', dataset.id)}
            aria-current={dataset.id === selected ? 'page' : undefined}
            data-testid={`dataset-${dataset.id}`}
          >
            <span>{dataset.id}</span>
            {dataset.errorCount > 0 ? (
              <span className="badge fail" title={`${dataset.errorCount} errors`}>
                ✕ {dataset.errorCount}
              </span>
            ) : (
              <span
                className="muted num"
                title={questionCountText(dataset.questionCount + dataset.disabledCount, dataset.disabledCount)}
                data-testid={`dataset-${dataset.id}-count`}
              >
                {dataset.questionCount + dataset.disabledCount}
              </span>
            )}
          </a>
        ))}
      </aside>
      {creating ? (
        <NewDatasetForm onCancel={() => setCreating(false)} />
      ) : selected ? (
        <DatasetEditor key={selected} id={selected} />
      ) : (
        <div className="page empty">Pick a dataset on the left.</div>
      )}
    </div>
  );
}
