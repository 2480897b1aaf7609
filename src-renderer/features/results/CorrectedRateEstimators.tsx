// The corrected pass rate's estimators on the run page: the one the gate read and why, the other and what it is for,
// and what would settle a gate its interval leaves unsettled.
import type { Verdict } from '../../../src-shared/model';
import { ESTIMATOR_NAME, settleInWords } from '../../../src-shared/text/corrected-rate-words';
import { pct } from '../../components/format';
import { Term } from '../../components/Term';

type Corrected = NonNullable<Verdict['corrected_pass_rate']>;

export function CorrectedRateEstimators({ corrected }: { corrected: Corrected }) {
  const settle = settleInWords(corrected.settle);
  const other = corrected.estimates?.find((e) => e.estimator !== corrected.estimator);
  return (
    <div className="corrected-estimators" data-testid="corrected-estimators">
      {corrected.estimator ? (
        <p data-testid="estimator-used">
          Corrected by the{' '}
          <strong>
            <Term id={corrected.estimator}>{ESTIMATOR_NAME[corrected.estimator]}</Term>
          </strong>{' '}
          (used): {corrected.why}
        </p>
      ) : (
        <p className="muted">{corrected.method}</p>
      )}
      {other && (
        <p className="muted" data-testid="estimator-other">
          <Term id={other.estimator}>{ESTIMATOR_NAME[other.estimator]}</Term>
          {other.theta !== null
            ? `: ${pct(other.theta)}${other.ci ? ` [${pct(other.ci[0])}, ${pct(other.ci[1])}]` : ''}, shown beside it`
            : ''}
          {other.note ? ` (${other.note})` : ''}
        </p>
      )}
      {settle && (
        <p className="callout" data-testid="settle-advice">
          {settle[0]!.toUpperCase() + settle.slice(1)}. <Term id="settle">What this means</Term>
        </p>
      )}
    </div>
  );
}
