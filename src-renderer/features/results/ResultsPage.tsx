// The results dashboard: status cards, target health (meter, sparkline, errors) and the runs, 2 to 8 of which open side by side.
import { useEffect, useState } from 'react';
import { hrefFor, navigate } from '../../navigation/router';
import { ScoreMeter } from '../../components/ScoreMeter';
import { Sparkline } from '../../components/Sparkline';
import { StatusBadge } from '../../components/StatusBadge';
import { ago, pct, score } from '../../components/format';
import { useResults } from './results.store';
import { useResultsEvents } from './results-events';
import { StatusCards } from './StatusCards';
import { oldestFirst } from './results.selectors';
import { EnvelopeImport } from './EnvelopeImport';
import { useShallow } from 'zustand/react/shallow';
import { Term } from '../../components/Term';
import { TargetHistoryPanel } from '../history/TargetHistoryPanel';
import { MATRIX_MAX_COLUMNS } from '../../../src-shared/model/matrix';
import { PageHeader } from '../../components/PageHeader';
import { Checkbox } from '../../components/Checkbox';
import { IdText } from '../../components/IdText';
import { runCountText } from '../../../src-shared/text/run-count';

export function ResultsPage({ targetId }: { targetId: string | undefined }) {
  const { thisWeek, lastWeek, health, history, runs, runsTotal, error, dashboardRequested } = useResults(
    useShallow(({ thisWeek, lastWeek, health, history, runs, runsTotal, error, dashboardRequested }) => ({
      thisWeek,
      lastWeek,
      health,
      history,
      runs,
      runsTotal,
      error,
      dashboardRequested,
    })),
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [experiments, setExperiments] = useState(false);
  useResultsEvents(targetId, experiments);
  useEffect(() => void dashboardRequested(targetId, experiments), [dashboardRequested, targetId, experiments]);
  const toggle = (id: string) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((p) => p !== id) : [...current, id].slice(-MATRIX_MAX_COLUMNS),
    );
  return (
    <div className="page">
      <PageHeader
        title={<>Results{targetId && ` · ${targetId}`}</>}
        intro={
          <>
            {targetId ? `Counts ${targetId} only. ` : ''}Only complete runs of a target’s own prompt count in trends,
            gates and totals; <Term id="experiment">experiments</Term> (optimizer candidates, compared prompt variants)
            are listed when you ask.
          </>
        }
      >
        <button
          className="button primary"
          disabled={picked.length < 2}
          title={
            picked.length < 2
              ? 'Tick 2 to 8 runs to see them side by side'
              : 'Side by side, oldest first: the oldest run ticked is the baseline'
          }
          onClick={() => navigate('matrix', ...oldestFirst(picked, runs))}
          data-testid="compare-selected"
        >
          Compare {picked.length} selected side by side
        </button>
      </PageHeader>
      {error && <div className="banner error">{error}</div>}
      {thisWeek && lastWeek && <StatusCards thisWeek={thisWeek} lastWeek={lastWeek} />}
      <section className="card">
        <h2>Target health</h2>
        <table className="table" data-testid="target-health">
          <thead>
            <tr>
              <th>Target</th>
              <th>Last verdict</th>
              <th>Average score</th>
              <th className="num">Pass rate</th>
              <th>Last 20 runs</th>
              <th className="num">Errors</th>
              <th>Last run</th>
            </tr>
          </thead>
          <tbody>
            {health.map((row) => (
              <tr key={row.targetId}>
                <td>
                  <a href={hrefFor('results', row.targetId)}>{row.label}</a>
                </td>
                <td>
                  {row.runningRunId ? (
                    <StatusBadge status="running" />
                  ) : row.passed === null ? (
                    <span className="muted">no runs</span>
                  ) : (
                    <StatusBadge status={row.passed ? 'pass' : 'fail'} />
                  )}
                </td>
                <td>
                  <ScoreMeter value={row.avgScore} max={5} />
                </td>
                <td className="num">{pct(row.passRate)}</td>
                <td>
                  <Sparkline
                    values={(history[row.targetId] ?? []).map((p) => p.avgScore)}
                    max={5}
                    label={`${row.targetId} average score`}
                  />
                </td>
                <td className="num">{row.errors}</td>
                <td>{row.lastRunId ? <a href={hrefFor('runs', row.lastRunId)}>{ago(row.lastFinishedAt)}</a> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {targetId && <TargetHistoryPanel key={targetId} targetId={targetId} runsTotal={runsTotal} />}
      <EnvelopeImport onImported={() => void dashboardRequested(targetId, experiments)} />
      <section className="card">
        <div className="card-title">
          <h2>
            Runs <span className="muted num">{runsTotal}</span>
          </h2>
          <Checkbox checked={experiments} onChange={setExperiments} testId="show-experiments">
            Show experiments
          </Checkbox>
        </div>
        {runs.length === 0 ? (
          <div className="empty">No runs yet. Press Run on a target, or run `ai-eval run` in the workspace.</div>
        ) : (
          <div className="table-scroll">
            <table className="table" data-testid="runs-table">
              <thead>
                <tr>
                  <th aria-label="Select for compare" />
                  <th>Run · source</th>
                  <th>Target</th>
                  <th>Status</th>
                  <th className="num">Average</th>
                  <th className="num">Pass rate</th>
                  <th className="num">Questions</th>
                  <th>Finished</th>
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <tr key={run.id} aria-selected={picked.includes(run.id)}>
                    <td>
                      <input
                        type="checkbox"
                        checked={picked.includes(run.id)}
                        onChange={() => toggle(run.id)}
                        aria-label={`Select run ${run.id}`}
                        data-testid={`pick-${run.id}`}
                      />
                    </td>
                    <td>
                      <a className="mono" href={hrefFor('runs', run.id)} data-testid={`run-link-${run.id}`}>
                        <IdText id={run.id} />
                      </a>
                      <div className="muted run-source">
                        {run.source}
                        {run.experiment && (
                          <span
                            className="badge accent"
                            title="A run of another prompt: not in trends, gates or totals"
                          >
                            experiment
                          </span>
                        )}
                      </div>
                    </td>
                    <td>
                      <IdText id={run.targetId} />
                    </td>
                    <td>
                      <StatusBadge
                        status={
                          run.status === 'complete'
                            ? run.passed
                              ? 'pass'
                              : 'fail'
                            : run.status === 'running' || run.status === 'pending'
                              ? 'running'
                              : run.status === 'error'
                                ? 'error'
                                : 'cancelled'
                        }
                      />
                    </td>
                    <td className="num">{score(run.avgScore)}</td>
                    <td className="num">{pct(run.passRate)}</td>
                    <td className="num">{runCountText(run)}</td>
                    <td>{ago(run.finishedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
