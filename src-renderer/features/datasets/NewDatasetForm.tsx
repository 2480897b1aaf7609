// "New dataset": an id and the first question, written as datasets/<id>.yaml (a minimal file) through the contract.
import { useState, type FormEvent } from 'react';
import { navigate } from '../../navigation/router';
import { Field, fieldAria } from '../../components/Field';
import { useDatasets } from './datasets.store';
import { ErrorAlert } from '../../components/ErrorAlert';
import { messageOf } from '../../../src-shared/text/message-of';

const SNAKE_ID = /^[a-z][a-z0-9_]*$/;

type TextAreaProps = Readonly<{ id: string; rows: number; value: string; onChange(value: string): void }>;

/** A few lines of text inside a Field; `id` is the field's, which ties the box to its label and help. */
function TextArea({ id, rows, value, onChange }: TextAreaProps) {
  return (
    <textarea
      className="input"
      rows={rows}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...fieldAria(id)}
    />
  );
}

export function NewDatasetForm({ onCancel }: { onCancel: () => void }) {
  const datasetCreated = useDatasets((state) => state.datasetCreated);
  const list = useDatasets((state) => state.list);
  const taken = list?.map((dataset) => dataset.id) ?? [];
  const [id, setId] = useState('');
  const [input, setInput] = useState('');
  const [criteria, setCriteria] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const idProblems = [
    ...(id && !SNAKE_ID.test(id)
      ? ['snake_case: lower-case letters, digits and underscores, starting with a letter']
      : []),
    ...(taken.includes(id) ? [`"${id}" exists already (datasets/${id}.yaml)`] : []),
  ];
  const ready = id !== '' && idProblems.length === 0 && input.trim() !== '' && !busy;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await datasetCreated({ id, question: { input, ...(criteria.trim() ? { criteria } : {}) } });
      navigate('datasets', id);
      onCancel();
    } catch (reason) {
      setError(messageOf(reason));
      setBusy(false);
    }
  };
  return (
    <form
      className="page form-section new-dataset"
      onSubmit={(event) => void submit(event)}
      data-testid="new-dataset-form"
    >
      <h1>New dataset</h1>
      <p className="section-help muted">
        Written as <span className="mono">datasets/{id || '<id>'}.yaml</span> with this one question; add more in the
        editor.
      </p>
      <Field id="new-dataset-id" label="Id" help="The file name too." messages={idProblems}>
        <input
          className="input mono"
          value={id}
          onChange={(event) => setId(event.target.value)}
          autoFocus
          {...fieldAria('new-dataset-id', idProblems)}
        />
      </Field>
      <Field id="new-dataset-question" label="First question" help="What the target is asked.">
        <TextArea id="new-dataset-question" rows={3} value={input} onChange={setInput} />
      </Field>
      <Field id="new-dataset-criteria" label="Criteria" unit="optional" help="What a good answer does; judges read it.">
        <TextArea id="new-dataset-criteria" rows={2} value={criteria} onChange={setCriteria} />
      </Field>
      <ErrorAlert error={error} testId="new-dataset-error" />
      <div className="toolbar">
        <button type="submit" className="button primary" disabled={!ready} data-testid="create-dataset">
          {busy ? 'Creating…' : 'Create dataset'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
