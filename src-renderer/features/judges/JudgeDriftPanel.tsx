// A judge's drift and bias probes on the judges screen: TPR/TNR per 7-day labelling window, and its length bias.
import type { JudgeSummary } from '../../../src-shared/contract/judges.contract';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { JudgeDriftChart } from './JudgeDriftChart';
import { LengthBiasProbe } from './LengthBiasProbe';
import { rateWithInterval } from './judges.selectors';

const CHECK_WORDS = { meets: 'meets the rule', out: 'under the rule', too_few: 'too few to check' } as const;

export function JudgeDriftPanel({ judge }: { judge: Pick<JudgeSummary, 'grader' | 'validatedAt' | 'gold' | 'state'> }) {
  const { grader } = judge;
  const { data: probes, error } = useQuery(
    () => api['judges.probes']({ grader }),
    [grader, judge.validatedAt, judge.gold.labelled, judge.state],
  );
  if (error) return <div className="banner error">{error}</div>;
  if (!probes) return null;
  return (
    <section className="card judge-probes" data-testid={`judge-probes-${grader}`}>
      <h2 className="mono">{grader}</h2>
      <div className="judge-probes-columns">
        <div className="judge-drift" data-testid={`judge-drift-${grader}`}>
          <h3>TPR and TNR by labelling window</h3>
          {probes.windows.length === 0 ? (
            <p className="muted">No labelled gold items yet.</p>
          ) : (
            <>
              <p className="muted rate-words">
                Windows of {probes.windowDays} days by label time, back from the latest label; each is checked against
                TPR ≥ {probes.rule.min_tpr} and TNR ≥ {probes.rule.min_tnr} once it holds {probes.rule.min_per_class}{' '}
                labels of each class.
              </p>
              <JudgeDriftChart windows={probes.windows} minTpr={probes.rule.min_tpr} minTnr={probes.rule.min_tnr} />
              <table className="table">
                <thead>
                  <tr>
                    <th>Labels of</th>
                    <th className="num">Passes / failures</th>
                    <th className="num">TPR</th>
                    <th className="num">TNR</th>
                    <th>Check</th>
                  </tr>
                </thead>
                <tbody>
                  {probes.windows.map((w) => (
                    <tr key={w.from} data-testid="drift-window">
                      <td>{w.days}</td>
                      <td className="num">
                        {w.tp + w.fn} / {w.tn + w.fp}
                      </td>
                      <td className="num">{rateWithInterval(w.tpr, w.tpr_ci)}</td>
                      <td className="num">{rateWithInterval(w.tnr, w.tnr_ci)}</td>
                      <td title={w.reason ?? undefined} className={w.check === 'out' ? 'drift-out' : undefined}>
                        {CHECK_WORDS[w.check]}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {probes.latestOut && (
                <p className="callout" data-testid={`drift-out-${grader}`}>
                  Not trusted: {probes.latestOut}.
                </p>
              )}
            </>
          )}
        </div>
        <LengthBiasProbe grader={grader} bias={probes.lengthBias} />
      </div>
    </section>
  );
}
