// The verdict of a complete run: pass/fail against the gate, coverage, pass rate with its Wilson interval, weakest grader.
import type { GraderStat } from '../../../src-shared/contract/insights.contract';
import type { RunDetail } from '../../../src-shared/model';
import { StatusBadge } from '../../components/StatusBadge';
import { pct, score } from '../../components/format';
import { trustLook } from '../judges/judges.selectors';
import { gateText, weakestGrader } from './results.selectors';
import { Term } from '../../components/Term';
import { CorrectedRateEstimators } from './CorrectedRateEstimators';

export function VerdictPanel({ detail, graderStats }: { detail: RunDetail; graderStats: readonly GraderStat[] }) {
  const verdict = detail.verdict;
  if (!verdict) {
    return (
      <section className="card" data-testid="verdict">
        <StatusBadge status={detail.run.status === 'cancelled' ? 'cancelled' : 'error'} />
        <p className="muted">
          {detail.run.status === 'cancelled'
            ? 'This run was cancelled: its finished questions are kept for inspection, but only a complete run gets a verdict.'
            : `This run ended in error${detail.run.error ? `: ${detail.run.error}` : ''}.`}
        </p>
      </section>
    );
  }
  const weakest = weakestGrader(graderStats);
  const quarantined = verdict.quarantined?.length ?? 0;
  return (
    <section className="card verdict" data-testid="verdict">
      <div className="verdict-head">
        <StatusBadge status={verdict.passed ? 'pass' : 'fail'} label={verdict.passed ? 'gate passed' : 'gate failed'} />
        <span>{verdict.reason}</span>
      </div>
      <dl className="stats">
        <div>
          <dt>
            <Term id="gate">Gate</Term>
          </dt>
          <dd className="gate-text" data-testid="gate-text">
            {gateText(verdict, detail.identity.gate.bound)}
          </dd>
        </div>
        <div>
          <dt>Average score</dt>
          <dd className="num">{score(verdict.avg_score)} / 5</dd>
        </div>
        <div>
          <dt>Pass rate</dt>
          <dd className="num" data-testid="verdict-pass-rate">
            {pct(verdict.pass_rate)}{' '}
            {quarantined > 0 && (
              <small className="muted" data-testid="quarantined-left-out">
                ({quarantined} quarantined left out){' '}
              </small>
            )}
            {verdict.pass_rate_ci && (
              <small className="muted">
                <Term id="confidence_interval">
                  [{pct(verdict.pass_rate_ci[0])}, {pct(verdict.pass_rate_ci[1])}]
                </Term>
              </small>
            )}
          </dd>
        </div>
        <div>
          <dt>Coverage</dt>
          <dd className="num">{pct(verdict.coverage)}</dd>
        </div>
        {verdict.corrected_pass_rate && (
          <div>
            <dt>
              <Term id="corrected_pass_rate">Corrected pass rate</Term>
            </dt>
            <dd className="num" title={verdict.corrected_pass_rate.method}>
              {pct(verdict.corrected_pass_rate.estimate)}{' '}
              {verdict.corrected_pass_rate.ci ? (
                <small className="muted">
                  <Term id="confidence_interval">
                    [{pct(verdict.corrected_pass_rate.ci[0])}, {pct(verdict.corrected_pass_rate.ci[1])}]
                  </Term>
                </small>
              ) : (
                <small className="muted">no interval</small>
              )}
            </dd>
          </div>
        )}
        <div className="wide">
          <dt>Questions</dt>
          <dd className="num">
            {verdict.counts.passed} passed · {verdict.counts.scored - verdict.counts.passed} failed ·{' '}
            {verdict.counts.degraded} <Term id="degraded" /> · {verdict.counts.unscored} unscored
          </dd>
        </div>
      </dl>
      {verdict.corrected_pass_rate && <CorrectedRateEstimators corrected={verdict.corrected_pass_rate} />}
      {verdict.judges.length > 0 && (
        <div className="judge-trust" data-testid="verdict-judges">
          <span className="muted">
            Judges (<Term id="advisory" />
            ):
          </span>
          {verdict.judges.map((judge) => (
            <span
              key={judge.grader}
              title={
                judge.tpr !== null
                  ? `TPR ${pct(judge.tpr)}, TNR ${pct(judge.tnr)}`
                  : 'not validated against your labels'
              }
            >
              <span className="mono">{judge.grader}</span> <StatusBadge {...trustLook(judge.state)} />
            </span>
          ))}
        </div>
      )}
      {weakest && (
        <p className="callout" data-testid="weakest-grader">
          Weakest grader: <strong>{weakest.graderId}</strong> averages {score(weakest.mean)} / 5 over {weakest.scored}{' '}
          questions
          {weakest.errors > 0 && `, with ${weakest.errors} errors`}.
        </p>
      )}
    </section>
  );
}
