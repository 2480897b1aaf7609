// Provider connections: one card each, and a row to add one by name and kind.
import { useState } from 'react';
import { providerKind, type ProviderKind } from '../../../src-shared/model';
import { ConnectionCard } from './ConnectionCard';
import { useSettings } from './settings.store';
import { FormSection } from '../../components/FormSection';

export function ConnectionsSection({ at }: { at: (path: string) => string[] }) {
  const rows = useSettings((state) => state.draft?.connections) ?? [];
  const summaries = useSettings((state) => state.summaries);
  const tests = useSettings((state) => state.tests);
  const keyErrors = useSettings((state) => state.keyErrors);
  const actions = useSettings.getState();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ProviderKind>('ollama');
  const taken = rows.some((row) => row.name === name.trim());
  const add = () => {
    actions.connectionAdded(name.trim(), kind);
    setName('');
  };
  return (
    <FormSection
      titleId="settings-connections"
      title="Provider connections"
      testId="settings-connections"
      help={
        <>
          Named connections that targets and judges use. Keys never go in <code>aieval.yaml</code>: the desktop app
          keeps them in the OS keychain, the CLI and <code>ai-eval serve</code> read them from the environment.
        </>
      }
    >
      {rows.length === 0 && (
        <div className="empty compact">No connections yet. Add one below, for example a local Ollama server.</div>
      )}
      <div className="connections">
        {rows.map((row) => (
          <ConnectionCard
            key={row.name}
            row={row}
            summary={summaries.find((s) => s.name === row.name)}
            test={tests[row.name]}
            keyError={keyErrors[row.name]}
            at={at}
            onEdit={(patch) => actions.connectionEdited(row.name, patch)}
            onRemove={() => actions.connectionRemoved(row.name)}
            onTest={() => void actions.connectionTested(row.name)}
            onStoreKey={(key) => actions.keyStored(row.name, key)}
            onClearKey={() => actions.keyCleared(row.name)}
          />
        ))}
      </div>
      <div className="add-connection">
        <label htmlFor="new-connection-name">Add a connection</label>
        <input
          id="new-connection-name"
          className="form-control mono"
          placeholder="name, e.g. openai"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={taken || undefined}
          data-testid="new-connection-name"
          spellCheck={false}
        />
        <select
          className="form-control"
          aria-label="Kind of the new connection"
          value={kind}
          onChange={(e) => setKind(e.target.value as ProviderKind)}
          data-testid="new-connection-kind"
        >
          {providerKind.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={!name.trim() || taken}
          onClick={add}
          data-testid="add-connection"
        >
          + Add
        </button>
        {taken && <span className="field-error">“{name.trim()}” is taken</span>}
      </div>
    </FormSection>
  );
}
