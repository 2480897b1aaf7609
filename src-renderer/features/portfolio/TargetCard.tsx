// One target on the portfolio: what it runs, its gate, its warnings.
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import { hrefFor } from '../../app/router';

export function TargetCard({ target }: { target: TargetSummary }) {
  const gate = target.gate.metric === 'avg_score' ? `avg ≥ ${target.gate.threshold.toFixed(2)}` : `pass rate ≥ ${Math.round(target.gate.threshold * 100)}%`;
  return (
    <article className="card" data-testid={`target-card-${target.id}`}>
      <div className="card-title">
        <h2>{target.label}</h2>
        <span className="badge accent">{target.mode}</span>
      </div>
      <div className="card-meta">
        <span className="mono">{target.id}</span>
        <span>
          {target.provider} · {target.model}
        </span>
        <span>
          dataset <a href={hrefFor('datasets', target.dataset)}>{target.dataset}</a>
        </span>
      </div>
      <div className="card-meta">
        <span>
          gate {gate} ({target.gate.type})
        </span>
        <span>{target.graders.length} graders</span>
        {!target.enabled && <span className="badge">disabled</span>}
      </div>
      {target.warnings.map((warning) => (
        <div key={warning} className="badge degraded" title={warning}>
          ! {warning.split(':')[0]}
        </div>
      ))}
    </article>
  );
}
