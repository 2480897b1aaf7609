// A model field: the provider's live model list as suggestions, free text allowed, and a note when the list cannot be fetched.
import { useEffect } from 'react';
import type { ModelList } from '../../src-shared/contract/providers.contract';
import { Field, fieldAria } from './Field';
import { pullKey, useModelLists, type PullState } from './models.store';

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
  const pull = useModelLists((state) => state.pulls[pullKey(provider, value.trim())]);
  const pullRequested = useModelLists((state) => state.pullRequested);
  useEffect(() => void modelsRequested(provider), [provider, modelsRequested]);
  const model = value.trim();
  const missing =
    !!list?.canPull &&
    !list.error &&
    model !== '' &&
    !list.models.includes(model) &&
    !list.models.includes(`${model}:latest`);
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
        {list?.models.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      {(missing || pull) && (
        <PullOffer
          model={model}
          provider={provider}
          pull={pull}
          onPull={() => void pullRequested(provider, model)}
          testId={`${id}-pull`}
        />
      )}
    </Field>
  );
}

/** A model the Ollama connection does not have: offer to pull it, then show the download as it goes. */
function PullOffer({
  model,
  provider,
  pull,
  onPull,
  testId,
}: {
  model: string;
  provider: string;
  pull: PullState | undefined;
  onPull: () => void;
  testId: string;
}) {
  if (pull?.running) {
    const { status, completed, total } = pull.progress;
    const percent = completed !== null && total ? Math.round((completed / total) * 100) : null;
    return (
      <div className="field-note" data-testid={testId} aria-live="polite">
        Pulling {model}: {status}
        {percent !== null && ` (${percent}%)`}
        {percent !== null && (
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
    );
  }
  if (pull && !pull.error)
    return (
      <div className="field-note" data-testid={testId}>
        {model} is installed on {provider}.
      </div>
    );
  return (
    <div className="field-note" data-testid={testId}>
      {pull?.error ? `Pulling ${model} failed: ${pull.error}. ` : `${model} is not installed on ${provider}. `}
      <button type="button" className="button" onClick={onPull} data-testid={`${testId}-button`}>
        Pull {model}
      </button>{' '}
      <span className="muted mono">(ollama pull {model})</span>
    </div>
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
