// The runs of a comparison (prompts or models) side by side: one row per variant, then each question's score under
// every variant.
import type { VariantComparison } from '../../../src-shared/model';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { pct, score } from '../../components/format';
import { bestVariant, variantRunIds } from './optimizer.selectors';

const firstLine = (prompt: string) => prompt.trim().split('\n')[0] ?? '';

export function VariantResults({ comparison }: { comparison: VariantComparison }) {
  const runIds = variantRunIds(comparison);
  return (
    <>
      <section className="card" data-testid="variant-results">
        <h2>Variants</h2>
        <table className="table optimizer-table">
          <thead>
            <tr>
              <th>Variant</th>
              <th>Run</th>
              <th className="num">Avg score</th>
              <th className="num">Pass rate</th>
            </tr>
          </thead>
          <tbody>
            {comparison.variants.map((variant) => (
              <tr key={variant.index} data-testid={`variant-row-${variant.index + 1}`}>
                <td title={variant.prompt}>
                  <strong>{variant.index + 1}</strong>{' '}
                  <span className="mono">
                    {variant.model === null ? firstLine(variant.prompt) : `${variant.provider} · ${variant.model}`}
                  </span>
                </td>
                <td>
                  {variant.runId ? (
                    <a href={hrefFor('runs', variant.runId)} className="mono">
                      {variant.runId}
                    </a>
                  ) : (
                    <StatusBadge status="error" label="not run" />
                  )}{' '}
                  {variant.status && variant.status !== 'complete' && (
                    <StatusBadge
                      status={variant.status === 'cancelled' ? 'cancelled' : 'error'}
                      label={variant.status}
                    />
                  )}
                  {variant.error && <div className="muted small-line">{variant.error}</div>}
                </td>
                <td className="num">{score(variant.avgScore)}</td>
                <td className="num">{pct(variant.passRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {runIds.length >= 2 && (
          <div className="card-meta">
            <a href={hrefFor('matrix', ...runIds)} data-testid="variants-side-by-side">
              Open the variants side by side, answer by answer, with the statistics against variant 1
            </a>
          </div>
        )}
      </section>
      <section className="card">
        <h2>Per question</h2>
        {comparison.questions.length === 0 ? (
          <div className="empty compact">No question was scored in any variant's run.</div>
        ) : (
          <table className="table optimizer-table" data-testid="variant-questions">
            <thead>
              <tr>
                <th>Question</th>
                {comparison.variants.map((variant) => (
                  <th key={variant.index} className="num">
                    Variant {variant.index + 1}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparison.questions.map((row) => {
                const best = bestVariant(row.scores);
                return (
                  <tr key={row.questionId}>
                    <td className="mono">{row.questionId}</td>
                    {row.scores.map((value, index) => (
                      <td key={index} className={`num ${best === index ? 'best' : ''}`}>
                        {score(value)}
                        {best === index && <span className="best-mark"> ★ best</span>}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
