// One target on the portfolio: last verdict, score meter, sparkline of the last 20 complete runs, errors, Run.
import { useState } from 'react';
import type { PreflightProblem } from '../../../src-shared/contract/runs.contract';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import type { HistoryPoint, TargetHealth, TrustState } from '../../../src-shared/model';
import { trustLook } from '../judges/judges.selectors';
import { hrefFor, navigate } from '../../navigation/router';
import { ScoreMeter } from '../../components/ScoreMeter';
import { Sparkline } from '../../components/Sparkline';
import { StatusBadge } from '../../components/StatusBadge';
import { ago, pct } from '../../components/format';
import { useRuns } from '../runs/runs.store';
import { RunBlockers, runBlockedReason } from './RunBlockers';
import { gateInWords, gateIsRate } from '../../../src-shared/text/gate-words';

const NO_PROBLEMS: readonly PreflightProblem[] = [];

type Props = Readonly<{
  target: TargetSummary;
  health: TargetHealth | undefined;
  history: readonly HistoryPoint[];
  trust: TrustState | undefined;
}>;

export function TargetCard({ target, health, history, trust }: Props) {
  const runRequested = useRuns((state) => state.runRequested);
  const problems = useRuns((state) => state.preflight[target.id]) ?? NO_PROBLEMS;
  const [checking, setChecking] = useState(false);
  const byPassRate = gateIsRate(target.gate.metric);
  const gate = gateInWords(target.gate);
  const blocked = runBlockedReason(target);
  const start = async (skipPreflight = false) => {
    setChecking(true);
    const runId = await runRequested(target.id, skipPreflight).finally(() => setChecking(false));
    if (runId) navigate('runs', runId);
  };
  return (
    <article className="card" data-testid={`target-card-${target.id}`}>
      <div className="card-title">
        <h2>{target.label}</h2>
        {health?.runningRunId ? (
          <a href={hrefFor('runs', health.runningRunId)}>
            <StatusBadge status="running" />
          </a>
        ) : health?.passed === null || !health ? (
          <StatusBadge status="pending" label="no runs yet" />
        ) : (
          <StatusBadge status={health.passed ? 'pass' : 'fail'} label={health.passed ? 'passed' : 'failed'} />
        )}
      </div>
      <div className="card-meta">
        <span className="badge accent">{target.mode}</span>
        <span>
          {target.provider} · {target.model}
        </span>
        <span>
          dataset <a href={hrefFor('datasets', target.dataset)}>{target.dataset}</a>
        </span>
      </div>
      <div className="card-score">
        {byPassRate ? (
          <ScoreMeter
            value={health?.passRate ?? null}
            max={1}
            threshold={target.gate.threshold}
            thresholdLabel={`gate: ${gate}`}
            format={(v) => pct(v)}
          />
        ) : (
          <ScoreMeter
            value={health?.avgScore ?? null}
            max={5}
            threshold={target.gate.threshold}
            thresholdLabel={`gate: ${gate}`}
          />
        )}
        {history.length > 0 && (
          <Sparkline
            values={history.map((p) => (byPassRate ? p.passRate : p.avgScore))}
            max={byPassRate ? 1 : 5}
            label={`${target.id} ${byPassRate ? 'pass rate' : 'average score'}`}
            format={byPassRate ? (v) => pct(v) : undefined}
          />
        )}
      </div>
      <div className="card-meta">
        <span data-testid={`gate-${target.id}`}>
          gate: {gate} ({target.gate.type})
        </span>
        <span className={health?.errors ? 'error-count' : ''}>{health?.errors ?? 0} errors</span>
        {trust && (
          <a
            href={hrefFor('judges')}
            title="Trust of this target's LLM judges, validated against your labels"
            data-testid={`trust-${target.id}`}
          >
            <StatusBadge status={trustLook(trust).status} label={`judges ${trustLook(trust).label}`} />
          </a>
        )}
        {health?.lastRunId && <a href={hrefFor('runs', health.lastRunId)}>last run {ago(health.lastFinishedAt)}</a>}
      </div>
      {target.warnings.map((warning) => (
        <div key={warning} className="badge degraded" title={warning}>
          ! {warning.split(':')[0]}
        </div>
      ))}
      <RunBlockers target={target} problems={problems} runAnyway={() => void start(true)} />
      <div className="card-footer">
        <span className="card-links">
          <a href={hrefFor('results', target.id)}>Results</a>
          <a href={hrefFor('targets', target.id, 'edit')} data-testid={`edit-${target.id}`}>
            Edit
          </a>
        </span>
        <button
          className="button primary"
          onClick={() => void start()}
          disabled={checking || Boolean(health?.runningRunId) || blocked !== undefined}
          title={blocked ?? (health?.runningRunId ? 'A run of this target is in progress.' : undefined)}
          data-testid={`run-${target.id}`}
        >
          {checking ? 'Checking…' : '▶ Run'}
        </button>
      </div>
    </article>
  );
}
