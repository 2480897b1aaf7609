// A model field: the provider's live model list as suggestions, free text allowed, and a note when the list cannot be fetched.
import { useEffect } from 'react';
import type { ModelList } from '../../../src-shared/contract/providers.contract';
import { Field, fieldAria } from '../../components/Field';
import { useModelLists } from './models.store';

type Props = Readonly<{
  id: string;
  label: string;
  provider: string;
  value: string;
  onChange: (model: string) => void;
  messages: readonly string[];
}>;

export function ModelInput({ id, label, provider, value, onChange, messages }: Props) {
  const list = useModelLists((state) => state.lists[provider]);
  const modelsRequested = useModelLists((state) => state.modelsRequested);
  useEffect(() => void modelsRequested(provider), [provider, modelsRequested]);
  return (
    <Field
      id={id}
      label={label}
      messages={messages}
      help={
        <ModelListNote
          list={list}
          provider={provider}
          onRetry={() => void modelsRequested(provider, true)}
          testId={`${id}-list-note`}
        />
      }
    >
      <input
        className="form-control mono"
        {...fieldAria(id, messages)}
        list={`${id}-options`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={id}
        spellCheck={false}
        autoComplete="off"
      />
      <datalist id={`${id}-options`}>
        {list?.models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </Field>
  );
}

function ModelListNote({
  list,
  provider,
  onRetry,
  testId,
}: {
  list: ModelList | undefined;
  provider: string;
  onRetry: () => void;
  testId: string;
}) {
  if (!provider) return <>Pick a provider to list its models.</>;
  if (!list) return <span data-testid={testId}>Fetching {provider}’s models…</span>;
  if (list.error) {
    // The reason starts with its headline ("Unreachable: provider …"); the rest, which names the address, folds away.
    const [headline, ...rest] = list.error.split(': ');
    return (
      <span data-testid={testId}>
        <span className="field-note">
          <span aria-hidden="true">!</span> Could not list {provider}’s models ({headline?.toLowerCase()}); type the
          model name.
        </span>{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          Retry
        </button>
        {rest.length > 0 && (
          <details className="field-details">
            <summary>Why</summary>
            {rest.join(': ')}
          </details>
        )}
      </span>
    );
  }
  return (
    <span data-testid={testId}>
      {list.models.length} model{list.models.length === 1 ? '' : 's'} from {provider}; any other name can be typed.
    </span>
  );
}
