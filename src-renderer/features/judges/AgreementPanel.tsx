// Agreement between reviewers on the judges screen: κ (two reviewers) or α (more) per judge's gold set and per tag.
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { agreementInWords, disagreementsInWords } from '../../../src-shared/text/agreement-words';
import { FormSection } from '../../components/FormSection';

/** `version` changes whenever the judges list reloads (after a sample or validation), so this reloads with it. */
export function AgreementPanel({ version }: Readonly<{ version: unknown }>) {
  const { data, error } = useQuery(() => api['judges.agreement']({}), [version]);
  return (
    <FormSection
      titleId="agreement-title"
      title="Agreement between reviewers"
      testId="agreement-panel"
      help={
        <>
          Where two or more people labelled the same items (each labels under the reviewer name in Settings): Cohen’s κ
          for two reviewers, Krippendorff’s α for more, with a 95% bootstrap interval. Defers and labels without a
          reviewer name are left out.
        </>
      }
    >
      {error && <div className="banner error">{error}</div>}
      {data?.length === 0 && (
        <div className="empty" data-testid="agreement-empty">
          No item has been labelled by two reviewers yet.
        </div>
      )}
      {data && data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Over</th>
              <th>Agreement</th>
            </tr>
          </thead>
          <tbody>
            {data.map((a) => (
              <tr key={`${a.scope}:${a.group}`} data-testid={`agreement-${a.scope}-${a.group}`}>
                <td>
                  {a.scope === 'grader' ? (
                    <>
                      <span className="mono">{a.group}</span> <small className="muted">gold set</small>
                    </>
                  ) : (
                    <>
                      <small className="muted">tag</small> {a.group}
                    </>
                  )}
                </td>
                <td>
                  <span className="num" data-testid="agreement-text">
                    {agreementInWords(a)}
                  </span>
                  <div className="muted rate-words">{disagreementsInWords(a)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </FormSection>
  );
}
