// What the target is scored on: its dataset, and the graders as a table of what each can see and needs.
import type { DatasetSummary } from '../../../src-shared/contract/datasets.contract';
import { SelectField } from '../../components/Field';
import { bindField, type SectionProps } from './target-form';
import { graderRows, toggleGrader } from './targets.selectors';
import { FormSection } from '../../components/FormSection';
import { hrefFor } from '../../navigation/router';

type Props = SectionProps & Readonly<{ datasets: readonly DatasetSummary[]; warnings: readonly string[] }>;

const yesNo = (value: boolean) => (value ? <span className="yes">✓ yes</span> : <span className="muted">– no</span>);

export function GradersSection({ form, at, edit, datasets, warnings }: Props) {
  const field = bindField(form, at, edit);
  const known = datasets.some((dataset) => dataset.id === form.dataset);
  const graderProblems = at('graders', true);
  return (
    <FormSection
      titleId="target-graders-title"
      title="Dataset and graders"
      fields={
        <SelectField
          id="target-dataset"
          label="Dataset"
          help={<a href={hrefFor('datasets')}>Datasets are edited in Datasets.</a>}
          {...field('dataset')}
          testId="target-dataset"
        >
          {!known && (
            <option value={form.dataset}>{form.dataset ? `${form.dataset} (no such file)` : 'Pick a dataset…'}</option>
          )}
          {datasets.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.id} ({dataset.questionCount} questions)
            </option>
          ))}
        </SelectField>
      }
    >
      {warnings.map((warning) => (
        <div key={warning} className="banner" role="status" data-testid="text-only-warning">
          <span>
            <strong>! Text only.</strong> {warning.replace(/^Text only:\s*/, '')}
          </span>
        </div>
      ))}
      <table className="table grader-table" aria-describedby="target-graders-problems">
        <thead>
          <tr>
            <th scope="col">Attach</th>
            <th scope="col">Grader</th>
            <th scope="col">Kind</th>
            <th scope="col">Scale</th>
            <th scope="col">Sees tool calls</th>
            <th scope="col">Observes actions</th>
            <th scope="col">Needs</th>
          </tr>
        </thead>
        <tbody>
          {graderRows(form.graders).map((row) => (
            <tr key={row.id} aria-selected={row.attached}>
              <td>
                <input
                  type="checkbox"
                  id={`grader-${row.id}`}
                  checked={row.attached}
                  onChange={() => edit({ graders: toggleGrader(form.graders, row.id) })}
                  data-testid={`grader-${row.id}`}
                />
              </td>
              <td>
                <label htmlFor={`grader-${row.id}`}>
                  {row.label} <span className="mono muted">{row.id}</span>
                </label>
              </td>
              <td>{row.kind}</td>
              <td className="num">{row.scale}</td>
              <td>{yesNo(row.seesToolCalls)}</td>
              <td>{yesNo(row.observesActions)}</td>
              <td className="muted">{row.needs}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div id="target-graders-problems" data-testid="problems-target-graders">
        {graderProblems.map((message) => (
          <div key={message} className="field-error" role="alert">
            <span aria-hidden="true">✕</span> graders: {message}
          </div>
        ))}
      </div>
    </FormSection>
  );
}
