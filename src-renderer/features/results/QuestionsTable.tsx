// A run's question results: server-paged, filtered and virtualised, with rows that expand into the result detail.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, useState } from 'react';
import type { ResultRow } from '../../../src-shared/model';
import { api } from '../../api/client';
import { Segmented } from '../../components/Segmented';
import { StatusBadge } from '../../components/StatusBadge';
import { score } from '../../components/format';
import { usePagedRows } from '../../components/paged-rows';
import { ResultDetail } from './ResultDetail';
import { graderTone, passExplanation, rowStatus } from './results.selectors';

const FILTERS = ['all', 'passed', 'failed', 'degraded', 'unscored'] as const;
type Filter = (typeof FILTERS)[number];

export function QuestionsTable({
  runId,
  targetId,
  repeat,
  passThreshold,
  arrived,
}: {
  runId: string;
  targetId: string;
  repeat: number;
  passThreshold: number;
  /** While the run is going: how many answers have arrived, so the rows follow them under any filter. */
  arrived?: number;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<number>();
  const fetchPage = useCallback(
    (offset: number, limit: number) =>
      api['results.page']({
        runId,
        offset,
        limit,
        status: filter === 'all' ? undefined : filter,
        search: search.trim() || undefined,
        sort: 'question',
      }),
    [runId, filter, search],
  );
  const { total, error, rowAt } = usePagedRows<ResultRow>(fetchPage, `${runId}|${filter}|${search}`, arrived);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => 36,
    overscan: 12,
  });

  return (
    <section className="card questions" aria-label="Questions">
      <div className="toolbar">
        <Segmented<Filter> id="filter" label="Filter" options={FILTERS} value={filter} onChange={setFilter} />
        <input
          className="input"
          type="search"
          placeholder="Search question id or response"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search"
        />
        <span className="muted num">{total === undefined ? '…' : `${total} ${total === 1 ? 'row' : 'rows'}`}</span>
      </div>
      {error && <div className="banner error">{error}</div>}
      <div className="row header-row" aria-hidden="true">
        <span>Question</span>
        <span>Status</span>
        <span className="num">Score</span>
        {repeat > 1 && <span className="num">Mean ± sd</span>}
        <span>Graders</span>
        <span>Response</span>
      </div>
      <p className="muted dot-legend" data-testid="dot-legend">
        Grader dots: <span className="dot pass" /> at or above the pass threshold ({passThreshold})
        <span className="dot fail" /> below it <span className="dot error" /> error <span className="dot skipped" />{' '}
        skipped. A question passes on the average of its graders, so it can pass with some dots red.
      </p>
      {total === 0 && (
        <div className="empty">
          {arrived === undefined
            ? 'No question matches this filter.'
            : arrived === 0
              ? 'No answers yet: rows appear here as they arrive.'
              : `None of the ${arrived} answers so far matches this filter.`}
        </div>
      )}
      <div ref={scroller} className="virtual-scroller" data-testid="questions">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rowAt(item.index);
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="virtual-row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row ? (
                  <>
                    <button
                      className={`row ${repeat > 1 ? 'with-repeat' : ''}`}
                      aria-expanded={expanded === row.id}
                      onClick={() => setExpanded(expanded === row.id ? undefined : row.id)}
                      data-testid={`question-${row.questionId}`}
                    >
                      <span className="mono">
                        {expanded === row.id ? '▾' : '▸'} {row.questionId}
                        {repeat > 1 && <span className="muted"> #{row.repeatIndex + 1}</span>}
                      </span>
                      <span title={passExplanation(row, passThreshold)}>
                        <StatusBadge status={rowStatus(row)} />
                      </span>
                      <span className="num">{score(row.score)}</span>
                      {repeat > 1 && (
                        <span className="num">
                          {score(row.repeatMean)} ± {score(row.repeatSd)}
                        </span>
                      )}
                      <span className="grader-dots">
                        {row.graders.map((g) => (
                          <span
                            key={g.graderId}
                            className={`dot ${graderTone(g, passThreshold)}`}
                            title={`${g.graderId}: ${g.status === 'scored' ? `${score(g.score0to5)} of 5, ${graderTone(g, passThreshold) === 'pass' ? 'at or above' : 'below'} the pass threshold ${passThreshold}` : g.status}`}
                          />
                        ))}
                      </span>
                      <span className="preview muted">{row.error ?? row.responsePreview}</span>
                    </button>
                    {expanded === row.id && (
                      <ResultDetail resultId={row.id} passThreshold={passThreshold} targetId={targetId} />
                    )}
                  </>
                ) : (
                  <div className="row muted">Loading…</div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
