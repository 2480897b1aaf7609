// Where the workspace's data lives (docs/team-store.md): its own file or a team store's URL, a connection test that says
// whether the role may write, and the password kept in the OS keychain by the desktop app (never in a settings file).
import { useState } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { Field, fieldAria, presentMessages, TextField } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import type { TeamStoreStatus, TeamStoreTest } from '../../../src-shared/contract/team-store.contract';
import { messageOf } from '../../../src-shared/text/message-of';

const SOURCE: Readonly<Record<string, string>> = {
  flag: 'named by --store',
  environment: 'named by AIEVAL_STORE_URL, which wins over this setting',
  settings: 'named by this setting',
};
const PASSWORD: Readonly<Record<string, string>> = {
  environment: 'password from the environment',
  keychain: 'password from the OS keychain',
  url: 'password in the URL',
  pgpass: 'no password given (the server may not need one)',
};

/** One line on what the workspace uses now. */
function inUse(status: TeamStoreStatus): string {
  if (status.problem) return `The store setting cannot be used: ${status.problem}`;
  if (status.kind === 'sqlite') return "This workspace's own file (.aieval/aieval.db): nothing to set up.";
  const password = status.passwordSource ? `; ${PASSWORD[status.passwordSource]}` : '';
  return `Team store ${status.url}, ${SOURCE[status.source ?? 'settings']}${password}.`;
}

export function TeamStoreSetting() {
  const { data, error, setData } = useQuery(() => api['teamStore.status']({}), []);
  const [url, setUrl] = useState<string>();
  const [password, setPassword] = useState('');
  const [tested, setTested] = useState<TeamStoreTest>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value = url ?? data?.setting ?? '';
  const keychain = data?.passwordStorage === 'keychain';
  const act = async (body: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await body();
    } catch (reason) {
      setProblem(messageOf(reason));
    } finally {
      setBusy(false);
    }
  };
  const test = () =>
    act(async () => {
      setTested(undefined);
      const typed = value.trim();
      // The saved URL is the store in use: tested as such, with the password found for it (environment, keychain).
      const inUse = typed === '' || (data?.kind === 'postgres' && data.source === 'settings' && typed === data.setting);
      const given = inUse ? {} : { url: typed };
      setTested(await api['teamStore.test']({ ...given, ...(password ? { password } : {}) }));
    });
  const save = () =>
    act(async () => {
      const next = await api['teamStore.save']({ url: value.trim(), ...(password ? { password } : {}) });
      setData(() => next);
      setUrl(undefined);
      setPassword('');
    });
  return (
    <FormSection
      titleId="settings-team-store"
      title="Where runs are stored"
      testId="settings-section-team-store"
      help={
        <>
          Each workspace keeps its runs in its own file unless you name a team store, a PostgreSQL database your team
          shares. Kept for you on this computer, not in <code>aieval.yaml</code>.
        </>
      }
    >
      <p className="muted" role="status" data-testid="team-store-in-use">
        {data ? inUse(data) : ''}
      </p>
      <div className="form-grid">
        <TextField
          id="setting-team-store-url"
          label="Team store URL"
          wide
          help="postgresql://role@host:5432/database?sslmode=verify-full, without the password. Empty: the workspace's own file."
          messages={presentMessages(error, problem)}
          value={value}
          maxLength={2000}
          placeholder="postgresql://aieval@db.example.com:5432/evals"
          onChange={setUrl}
          testId="setting-team-store-url"
        />
        <Field
          id="setting-team-store-password"
          label="Password"
          help={
            keychain
              ? 'Kept in the OS keychain, never in a file. Left empty: the one kept now.'
              : 'This server keeps no passwords: set AIEVAL_STORE_PASSWORD in its environment. A password typed here is used for the test only.'
          }
        >
          <input
            {...fieldAria('setting-team-store-password')}
            className="form-control"
            type="password"
            autoComplete="off"
            value={password}
            maxLength={1024}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="setting-team-store-password"
          />
        </Field>
      </div>
      <div className="reviewer-save">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void test()}
          data-testid="test-team-store"
        >
          Test connection
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy || data === undefined || (value.trim() === data.setting && !(keychain && password))}
          onClick={() => void save()}
          data-testid="save-team-store"
        >
          Save
        </button>
        <span className="muted" role="status" data-testid="team-store-test">
          {tested
            ? `${tested.ok ? (tested.readOnly ? 'Read-only: ' : 'Connected: ') : 'Failed: '}${tested.message}`
            : ''}
        </span>
      </div>
    </FormSection>
  );
}
