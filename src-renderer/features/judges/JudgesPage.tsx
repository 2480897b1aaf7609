// Every LLM grader with its trust state, TPR/TNR with intervals, gold set progress, and sample/label/validate actions.
import { useEffect } from 'react';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { Term } from '../../components/Term';
import { ago } from '../../components/format';
import { JudgeDriftPanel } from './JudgeDriftPanel';
import { judgeActionBlocks, rateWithInterval, tnrInWords, tprInWords, trustLook } from './judges.selectors';
import { useJudges } from './judges.store';
import { AgreementPanel } from './AgreementPanel';
import { useShallow } from 'zustand/react/shallow';
import { PageHeader } from '../../components/PageHeader';

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
      <PageHeader
        title="Judges"
        intro={
          <>
            An LLM judge is <Term id="trust">trusted</Term> when it agrees with your labels: <Term id="tpr" /> and{' '}
            <Term id="tnr" /> both at or above the thresholds in settings. Sample its calls into a{' '}
            <Term id="gold_set" />, label them, then validate. Gold sets and every reviewer’s labels are files of the
            workspace, in <code>labels/&lt;grader&gt;/</code>: commit them and your team labels together through git.
          </>
        }
      />
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
        <div className="table-scroll">
          <table className="table" data-testid="judges-table">
            <thead>
              <tr>
                <th>Grader</th>
                <th>Judge</th>
                <th>
                  <Term id="trust">Trust</Term>
                </th>
                <th className="num">
                  <Term id="tpr" />
                </th>
                <th className="num">
                  <Term id="tnr" />
                </th>
                <th className="num">
                  <Term id="gold_set">Gold set</Term> labelled
                </th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {judges.map((judge) => {
                const look = trustLook(judge.state);
                const report = judge.validation;
                const blocked = judgeActionBlocks(judge, busy);
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
                      {report?.reason && (
                        <div className="muted rate-words" data-testid={`trust-reason-${judge.grader}`}>
                          {report.reason}
                        </div>
                      )}
                      <div className="muted rate-words" data-testid={`validated-${judge.grader}`}>
                        {judge.validatedAt ? `validated ${ago(judge.validatedAt)}` : 'never validated'}
                      </div>
                    </td>
                    <td className="num">
                      {rateWithInterval(report?.tpr ?? null, report?.tpr_ci ?? null)}
                      {report && <div className="muted rate-words">{tprInWords(report)}</div>}
                    </td>
                    <td className="num">
                      {rateWithInterval(report?.tnr ?? null, report?.tnr_ci ?? null)}
                      {report && <div className="muted rate-words">{tnrInWords(report)}</div>}
                    </td>
                    <td
                      className="num"
                      title={`Cochran: ${judge.cochranN} labels for the settings' confidence and margin of error`}
                    >
                      {judge.gold.labelled} / {judge.gold.items}{' '}
                      <small className="muted">(target {judge.gold.targetN})</small>
                    </td>
                    <td>
                      <div className="actions">
                        <button
                          className="button"
                          disabled={blocked.sample !== undefined}
                          onClick={() => void sampleRequested(judge.grader, judge.gold.targetN)}
                          data-testid={`sample-${judge.grader}`}
                          title={
                            blocked.sample ??
                            `Draw up to ${judge.gold.targetN} of its calls to label (half it passed, half it failed)`
                          }
                        >
                          Sample {judge.gold.targetN}
                        </button>
                        <a
                          className="button"
                          href={hrefFor('judges', judge.grader, 'label')}
                          aria-disabled={blocked.label !== undefined}
                          onClick={(event) => blocked.label && event.preventDefault()}
                          title={blocked.label}
                          data-testid={`label-${judge.grader}`}
                        >
                          Label
                        </a>
                        <button
                          className="button primary"
                          disabled={blocked.validate !== undefined}
                          title={blocked.validate ?? 'Measure TPR and TNR against your labels'}
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
        </div>
      )}
      {judges && judges.length > 0 && <AgreementPanel version={judges} />}
      {judges
        ?.filter((judge) => judge.gold.labelled > 0 || judge.judgeCalls > 0)
        .map((judge) => (
          <JudgeDriftPanel key={judge.grader} judge={judge} />
        ))}
    </div>
  );
}
