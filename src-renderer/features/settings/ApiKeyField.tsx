// A connection's API key: where it comes from, and a field that stores a new one; a stored key is never shown, only "••• stored".
import { useState } from 'react';
import type { KeyStatus } from '../../../src-shared/contract/secrets.contract';
import { keyStatusText } from './settings.selectors';

type Props = Readonly<{
  name: string;
  status: KeyStatus | undefined;
  isNew: boolean;
  error: string | undefined;
  onStore: (key: string) => Promise<boolean>;
  onClear: () => Promise<void>;
}>;

export function ApiKeyField({ name, status, isNew, error, onStore, onClear }: Props) {
  const [editing, setEditing] = useState(false);
  const [key, setKey] = useState('');
  if (isNew || !status) return <p className="muted key-line">Save the connection first, then store its key.</p>;
  const look = keyStatusText(status);
  const store = async () => {
    if (await onStore(key)) {
      setKey('');
      setEditing(false);
    }
  };
  const showInput = status.storage === 'keychain' && status.variable !== null && (editing || status.source === null);
  return (
    <div className="key-field" data-testid={`key-${name}`}>
      <div className="key-line">
        <span className={`badge ${look.tone === 'neutral' ? '' : look.tone}`} data-testid={`key-status-${name}`}>
          <span aria-hidden="true">{look.tone === 'pass' ? '✓' : look.tone === 'fail' ? '✕' : '–'}</span> {look.text}
        </span>
        {status.storage === 'keychain' && status.source === 'keychain' && !editing && (
          <>
            <button type="button" className="button" onClick={() => setEditing(true)}>
              Replace
            </button>
            <button type="button" className="button" onClick={() => void onClear()} data-testid={`clear-key-${name}`}>
              Clear
            </button>
          </>
        )}
        {status.storage === 'keychain' && status.source === 'environment' && !editing && (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Store a key instead
          </button>
        )}
      </div>
      {status.variable !== null && status.storage === 'environment' && (
        <p className="muted key-line" data-testid={`key-note-${name}`}>
          This server reads keys from its environment only: set <code>{status.variable}</code> in the environment of{' '}
          <code>ai-eval serve</code> and restart it. The desktop app stores keys in the OS keychain.
        </p>
      )}
      {showInput && (
        <div className="key-line">
          <label className="sr-only" htmlFor={`key-input-${name}`}>
            API key for {name}
          </label>
          <input
            id={`key-input-${name}`}
            className="form-control mono key-input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={`paste the key (stored as ${status.variable})`}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (key.trim()) void store();
            }}
            data-testid={`key-input-${name}`}
          />
          <button
            type="button"
            className="button"
            disabled={!key.trim()}
            onClick={() => void store()}
            data-testid={`store-key-${name}`}
          >
            Store in keychain
          </button>
          {editing && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setKey('');
                setEditing(false);
              }}
            >
              Cancel
            </button>
          )}
        </div>
      )}
      {error && (
        <div className="field-error" role="alert" data-testid={`key-error-${name}`}>
          <span aria-hidden="true">✕</span> {error}
        </div>
      )}
    </div>
  );
}
