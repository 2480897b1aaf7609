// The datasets screen: the workspace's dataset files on the left, the open one in the YAML editor.
import { useEffect } from 'react';
import { hrefFor } from '../../navigation/router';
import { DatasetEditor } from './DatasetEditor';
import { useDatasets } from './datasets.store';

export function DatasetsPage({ datasetId }: { datasetId: string | undefined }) {
  const list = useDatasets((state) => state.list);
  const listRequested = useDatasets((state) => state.listRequested);
  useEffect(() => void listRequested(), [listRequested]);
  const selected = datasetId ?? list?.[0]?.id;
  return (
    <div className="split">
      <aside className="split-list" aria-label="Datasets">
        <div className="split-list-title">Datasets</div>
        {list?.length === 0 && <p className="muted">No datasets yet. Add a YAML file under datasets/.</p>}
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
              <span className="muted num">{dataset.questionCount}</span>
            )}
          </a>
        ))}
      </aside>
      {selected ? (
        <DatasetEditor key={selected} id={selected} />
      ) : (
        <div className="page empty">Pick a dataset on the left.</div>
      )}
    </div>
  );
}
