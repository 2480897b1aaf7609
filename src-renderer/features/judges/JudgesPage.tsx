// Every LLM grader with its trust state, TPR/TNR with intervals, gold set progress, and sample/label/validate actions.
import { useEffect } from 'react';
import { hrefFor } from '../../app/router';
import { StatusBadge } from '../../components/StatusBadge';
import { ago } from '../../components/format';
import { rateWithInterval, trustLook } from './judges.selectors';
import { useJudges } from './judges.store';
import { useShallow } from 'zustand/react/shallow';

export function JudgesPage() {
  const { judges, busy, message, error, judgesRequested, sampleRequested, validateRequested } = useJudges(
    useShallow(({ judges, busy, message, error, judgesRequested, sampleRequested, validateRequested }) => ({
      judges,
      busy,
      message,
      error,
      judgesRequested,
      sampleRequested,
      validateRequested,
    })),
  );
  useEffect(() => void judgesRequested(), [judgesRequested]);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Judges</h1>
          <p>
            An LLM judge is trusted when it agrees with your labels: TPR and TNR both at or above the thresholds in
            settings.
          </p>
        </div>
      </header>
      {error && <div className="banner error">{error}</div>}
      {message && (
        <div className="banner" role="status">
          {message}
        </div>
      )}
      {judges?.length === 0 && (
        <div className="empty">No LLM grader is attached to a target. Attach one in the target editor.</div>
      )}
      {judges && judges.length > 0 && (
        <table className="table" data-testid="judges-table">
          <thead>
            <tr>
              <th>Grader</th>
              <th>Judge</th>
              <th>Trust</th>
              <th className="num">TPR</th>
              <th className="num">TNR</th>
              <th className="num">Pass / fail labels</th>
              <th className="num">Gold labelled</th>
              <th>Validated</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {judges.map((judge) => {
              const look = trustLook(judge.state);
              const report = judge.validation;
              return (
                <tr key={judge.grader} data-testid={`judge-${judge.grader}`}>
                  <td>
                    <div className="mono">{judge.grader}</div>
                    <small className="muted">
                      {judge.minScore}-{judge.maxScore}
                      {judge.seesToolCalls && ' · sees tool calls'} · used by {judge.usedBy.join(', ') || 'no target'}
                    </small>
                    {judge.warnings.map((warning) => (
                      <div key={warning} className="muted judge-warning">
                        ! {warning}
                      </div>
                    ))}
                  </td>
                  <td className="mono">{judge.judge ? `${judge.judge.provider}/${judge.judge.model}` : '—'}</td>
                  <td title={judge.staleReason ?? undefined}>
                    <StatusBadge status={look.status} label={look.label} />
                  </td>
                  <td className="num">{rateWithInterval(report?.tpr ?? null, report?.tpr_ci ?? null)}</td>
                  <td className="num">{rateWithInterval(report?.tnr ?? null, report?.tnr_ci ?? null)}</td>
                  <td className="num">{report ? `${report.n_pos} / ${report.n_neg}` : '—'}</td>
                  <td
                    className="num"
                    title={`Cochran: ${judge.cochranN} labels for the settings' confidence and margin of error`}
                  >
                    {judge.gold.labelled} / {judge.gold.items}{' '}
                    <small className="muted">(target {judge.gold.targetN})</small>
                  </td>
                  <td>{judge.validatedAt ? ago(judge.validatedAt) : 'never'}</td>
                  <td>
                    <div className="actions">
                      <button
                        className="button"
                        disabled={busy !== undefined || judge.judgeCalls === 0}
                        onClick={() => void sampleRequested(judge.grader, judge.gold.targetN)}
                        data-testid={`sample-${judge.grader}`}
                        title={judge.judgeCalls === 0 ? 'No stored judge calls yet: run a target first' : undefined}
                      >
                        Sample {judge.gold.targetN}
                      </button>
                      <a
                        className="button"
                        href={hrefFor('judges', judge.grader, 'label')}
                        aria-disabled={judge.gold.items === 0}
                        data-testid={`label-${judge.grader}`}
                      >
                        Label
                      </a>
                      <button
                        className="button primary"
                        disabled={busy !== undefined || judge.gold.labelled === 0}
                        onClick={() => void validateRequested(judge.grader)}
                        data-testid={`validate-${judge.grader}`}
                      >
                        Validate
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
