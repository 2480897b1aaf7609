// The review queue: filters, the queue's label progress, and its groups (conversations and agent runs) with counts.
import type { TraceFilters } from '../../../src-shared/model';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { FilterSelect, type FilterOption } from '../../components/FilterSelect';
import { ago } from '../../components/format';
import { useTraces } from './traces.store';

const LABEL_STATES: readonly FilterOption[] = [
  { value: 'unlabeled', label: 'Unlabeled' },
  { value: 'labeled', label: 'Labeled' },
  { value: 'pass', label: 'Pass' },
  { value: 'fail', label: 'Fail' },
  { value: 'defer', label: 'Defer' },
];
const STATUSES: readonly FilterOption[] = [
  { value: 'ok', label: 'OK' },
  { value: 'error', label: 'Error' },
];

export function QueuePanel() {
  const filters = useTraces((state) => state.filters);
  const groups = useTraces((state) => state.groups);
  const groupsTotal = useTraces((state) => state.groupsTotal);
  const counts = useTraces((state) => state.counts);
  const groupKey = useTraces((state) => state.groupKey);
  const { filtersChanged, groupSelected } = useTraces.getState();
  const models = useQuery(() => api['traces.models']({}), [groupsTotal]).data ?? [];
  const set = (patch: Partial<TraceFilters>) => void filtersChanged({ ...filters, ...patch });
  /** A select's value and change for one filter: its empty first choice clears the filter, the others are valid values. */
  const selectProps = (key: 'model' | 'labelState' | 'status') => ({
    value: filters[key],
    onChange: (value: string) => set({ [key]: value || undefined } as Partial<TraceFilters>),
  });
  return (
    <aside className="queue" aria-label="Review queue">
      <div className="queue-filters">
        <FilterSelect
          label="Model"
          anyLabel="All models"
          options={models.map((m) => ({ value: m.model, label: `${m.model} (${m.count})` }))}
          {...selectProps('model')}
        />
        <FilterSelect
          label="Label state"
          anyLabel="Any label"
          options={LABEL_STATES}
          {...selectProps('labelState')}
          testId="filter-label-state"
        />
        <FilterSelect label="Status" anyLabel="Any status" options={STATUSES} {...selectProps('status')} />
        <input
          className="input"
          placeholder="Tag"
          value={filters.tag ?? ''}
          onChange={(e) => set({ tag: e.target.value || undefined })}
          aria-label="Tag"
        />
        <input
          className="input"
          type="search"
          placeholder="Search text"
          value={filters.text ?? ''}
          onChange={(e) => set({ text: e.target.value || undefined })}
          aria-label="Search text"
        />
      </div>
      {counts && (
        <div className="queue-progress" data-testid="queue-progress">
          <div className="progress">
            <div
              className="progress-fill"
              style={{ width: `${counts.items ? (counts.labeled / counts.items) * 100 : 0}%` }}
            />
          </div>
          <span className="num">
            {counts.labeled} / {counts.items} labeled · {counts.pass} pass · {counts.fail} fail · {counts.defer} defer
          </span>
        </div>
      )}
      <ul className="group-list">
        <li>
          <button className="group" aria-current={groupKey === undefined} onClick={() => void groupSelected(undefined)}>
            <span>All items</span>
          </button>
        </li>
        {groups.map((group) => (
          <li key={group.key}>
            <button
              className="group"
              aria-current={groupKey === group.key}
              onClick={() => void groupSelected(group.key)}
              data-testid={`group-${group.key}`}
            >
              <span className="group-title">{group.title ?? group.key}</span>
              <span className="muted group-meta">
                {group.kind === 'agent_run' ? 'agent run' : 'conversation'} · {group.items} item
                {group.items === 1 ? '' : 's'} · {group.labeled}/{group.items} labeled
                {group.truncated > 0 && ` · ${group.truncated} truncated`}
                {group.errors > 0 && ` · ${group.errors} errors`} · {ago(group.lastAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {groupsTotal > groups.length && (
        <p className="muted">
          Showing {groups.length} of {groupsTotal} groups: narrow the filters.
        </p>
      )}
    </aside>
  );
}
