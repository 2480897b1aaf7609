// One provider connection: kind, address, key variable or cassette, its API key, and "Test connection" with the result in words.
import { useState } from 'react';
import type { ConnectionTest, ProviderSummary } from '../../../src-shared/contract/providers.contract';
import { providerKind, traitsOf, type ProviderKind } from '../../../src-shared/model';
import { SelectField, TextField } from '../../components/Field';
import { ApiKeyField } from './ApiKeyField';
import type { ConnectionForm } from './settings-form';
import { testLook } from './settings.selectors';

type Props = Readonly<{
  row: ConnectionForm;
  summary: ProviderSummary | undefined;
  test: ConnectionTest | 'running' | undefined;
  keyError: string | undefined;
  at: (path: string) => string[];
  onEdit: (patch: Partial<ConnectionForm>) => void;
  onRemove: () => void;
  onTest: () => void;
  onStoreKey: (key: string) => Promise<boolean>;
  onClearKey: () => Promise<void>;
}>;

export function ConnectionCard({
  row,
  summary,
  test,
  keyError,
  at,
  onEdit,
  onRemove,
  onTest,
  onStoreKey,
  onClearKey,
}: Props) {
  const id = `provider-${row.name}`;
  const path = `providers.${row.name}`;
  const look = test && test !== 'running' ? testLook(test) : undefined;
  // A vendor's service takes a key; for a kind whose key is optional (Ollama) the field appears when asked for (a
  // proxy) or already set.
  const traits = traitsOf(row.kind);
  const [keyAsked, setKeyAsked] = useState(false);
  const asksForKey = traits.key.startsWith('vendor') || keyAsked || row.api_key_env !== '';
  // The server knows each kind's default address; it is shown for a saved connection of the same kind.
  const defaultAddress =
    summary && summary.config.kind === row.kind && !summary.config.base_url
      ? summary.address
      : 'the kind’s default address';
  return (
    <article className="card connection" data-testid={`connection-${row.name}`} aria-labelledby={`${id}-title`}>
      <div className="card-title">
        <h3 id={`${id}-title`} className="mono">
          {row.name}
          {row.isNew && <span className="badge accent">new</span>}
        </h3>
        <button type="button" className="button" onClick={onRemove} aria-label={`Remove connection ${row.name}`}>
          Remove
        </button>
      </div>
      {at(path).map((message) => (
        <div key={message} className="field-error" role="alert">
          <span aria-hidden="true">✕</span> {message}
        </div>
      ))}
      <div className="form-grid">
        <SelectField
          id={`${id}-kind`}
          label="Kind"
          messages={at(`${path}.kind`)}
          value={row.kind}
          onChange={(kind) => onEdit({ kind: kind as ProviderKind })}
        >
          {providerKind.options.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </SelectField>
        {traits.connection === 'cassette' ? (
          <TextField
            id={`${id}-file`}
            label="Cassette"
            help={
              <>
                A JSONL recording inside the workspace (<code>ai-eval run --record</code>).
              </>
            }
            messages={at(`${path}.file`)}
            mono
            value={row.file}
            placeholder="recordings/run.jsonl"
            onChange={(file) => onEdit({ file })}
          />
        ) : (
          <>
            <TextField
              id={`${id}-base-url`}
              label="Base URL"
              help={row.base_url ? undefined : `Empty: ${defaultAddress}.`}
              messages={at(`${path}.base_url`)}
              mono
              value={row.base_url}
              placeholder="default"
              onChange={(base_url) => onEdit({ base_url })}
              testId={`${id}-base-url`}
            />
            {asksForKey ? (
              <TextField
                id={`${id}-key-env`}
                label="Key variable"
                help="Names the environment variable; the key never goes in aieval.yaml."
                messages={at(`${path}.api_key_env`)}
                mono
                value={row.api_key_env}
                placeholder={summary?.key.variable ?? (traits.key === 'optional' ? 'none' : 'default')}
                onChange={(api_key_env) => onEdit({ api_key_env })}
              />
            ) : (
              <p className="field-help no-key" data-testid={`${id}-no-key`}>
                {traits.noKeyHelp ?? 'No key needed.'}{' '}
                <button type="button" className="link-button" onClick={() => setKeyAsked(true)}>
                  Behind a proxy that wants one?
                </button>
              </p>
            )}
          </>
        )}
      </div>
      {asksForKey && (
        <ApiKeyField
          name={row.name}
          status={summary?.key}
          isNew={row.isNew}
          error={keyError}
          onStore={onStoreKey}
          onClear={onClearKey}
        />
      )}
      <div className="connection-test">
        <button
          type="button"
          className="button"
          onClick={onTest}
          disabled={test === 'running'}
          data-testid={`test-${row.name}`}
        >
          {test === 'running' ? 'Testing…' : 'Test connection'}
        </button>
        <span role="status" data-testid={`test-result-${row.name}`} className="connection-result">
          {look && (
            <>
              <span className={`badge ${look.tone}`}>
                <span aria-hidden="true">{look.tone === 'pass' ? '✓' : '✕'}</span> {look.word}
              </span>{' '}
              {look.text}
            </>
          )}
        </span>
      </div>
    </article>
  );
}
