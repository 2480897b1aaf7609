// Two runs side by side per question: both scores, the delta and both responses; "only changed" hides equal rows.
import { useCallback, useEffect, useState } from 'react';
import type { CompareRow, RunSummary } from '../../../src-shared/model';
import { api } from '../../api/client';
import { hrefFor } from '../../app/router';
import { StatusBadge } from '../../components/StatusBadge';
import { delta, score } from '../../components/format';
import { usePagedRows } from '../../components/paged-rows';
import { rowStatus } from './results.selectors';

const side = (value: CompareRow['a']) =>
  value ? (
    <div className="compare-side">
      <div>
        <StatusBadge status={rowStatus(value)} /> <span className="num">{score(value.score)}</span>
      </div>
      <div className="preview-multiline">{value.response ?? '(no response)'}</div>
    </div>
  ) : (
    <div className="compare-side muted">not in this run</div>
  );

function RunLabel({ runId }: { runId: string }) {
  const [summary, setSummary] = useState<RunSummary>();
  useEffect(() => void api['runs.get']({ runId }).then((detail) => setSummary(detail.run)), [runId]);
  return (
    <a href={hrefFor('runs', runId)}>
      {summary ? `${summary.targetId} (${summary.model}) ` : ''}
      <span className="mono">{runId}</span>
    </a>
  );
}

export function ComparePage({ runIdA, runIdB }: { runIdA: string; runIdB: string }) {
  const [onlyChanged, setOnlyChanged] = useState(true);
  const fetchPage = useCallback(
    (offset: number, limit: number) => api['runs.compare']({ runIdA, runIdB, onlyChanged, offset, limit }),
    [runIdA, runIdB, onlyChanged],
  );
  const { total, error, rowAt } = usePagedRows<CompareRow>(fetchPage, `${runIdA}|${runIdB}|${onlyChanged}`);
  const rows = Array.from({ length: Math.min(total ?? 0, 500) }, (_, i) => rowAt(i));
  return (
    <div className="page" data-testid="compare-page">
      <header className="page-header">
        <div>
          <h1>Compare runs</h1>
          <p>
            A: <RunLabel runId={runIdA} /> · B: <RunLabel runId={runIdB} /> · delta is B − A
          </p>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={onlyChanged}
            onChange={(e) => setOnlyChanged(e.target.checked)}
            data-testid="only-changed"
          />{' '}
          Show only changed
        </label>
      </header>
      {error && <div className="banner error">{error}</div>}
      {total === 0 && (
        <div className="empty" data-testid="compare-empty">
          {onlyChanged ? 'No question changed between these runs.' : 'These runs share no question.'}
        </div>
      )}
      {(total ?? 0) > 500 && <p className="muted">Showing the first 500 of {total} rows.</p>}
      <div className="compare-grid" data-testid="compare-grid">
        {rows.map((row, index) =>
          row ? (
            <article
              key={`${row.questionId}#${row.repeatIndex}`}
              className="compare-row"
              data-testid={`compare-${row.questionId}`}
            >
              <header>
                <span className="mono">{row.questionId}</span>
                <span
                  className={`num delta ${row.delta === null ? '' : row.delta > 0 ? 'up' : row.delta < 0 ? 'down' : ''}`}
                >
                  {delta(row.delta)}
                </span>
              </header>
              {side(row.a)}
              {side(row.b)}
            </article>
          ) : (
            <div key={index} className="muted">
              Loading…
            </div>
          ),
        )}
      </div>
    </div>
  );
}
