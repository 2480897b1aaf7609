// Handlers of the store setting's status and connection test (the settings screen's team store section).
import type { Contract } from '../../../src-shared/contract';
import type { TeamStoreStatus, TeamStoreTest } from '../../../src-shared/contract/team-store.contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import { RpcError } from '../../../src-shared/rpc/wire';
import { isPostgresUrl, parseStoreUrl, type StoreUrl } from '../../store/postgres/store-url';
import type { AppState } from '../app-state';
import { storeSetting, STORE_PASSWORD_VARIABLE } from '../store-location';

export const teamStoreHandlers = (state: AppState) =>
  ({
    'teamStore.status': () => statusOf(state),
    'teamStore.save': ({ url, password }) => {
      const text = url.trim();
      const target = text === '' ? undefined : parsedUrl(text);
      if (target?.password !== undefined)
        throw new RpcError(
          'bad_input',
          'the URL holds a password: give it in the password field (kept in the keychain)',
        );
      const secrets = state.options.secrets;
      if (password !== undefined && secrets?.kind !== 'keychain')
        throw new RpcError(
          'unavailable',
          `this shell keeps no passwords: set ${STORE_PASSWORD_VARIABLE} in its environment (the desktop app keeps it in the OS keychain)`,
        );
      const address = target ? `${target.host}:${target.port}` : undefined;
      if (password !== undefined && address) secrets!.set(STORE_PASSWORD_VARIABLE, password, address);
      else if (secrets?.kind === 'keychain' && secrets.has(STORE_PASSWORD_VARIABLE))
        if (secrets.boundTo(STORE_PASSWORD_VARIABLE) !== address) secrets.delete(STORE_PASSWORD_VARIABLE);
      state.userSettings.update({ storeUrl: text });
      // The workspace's store is opened again, on the new setting, at its next call.
      state.openWorkspace(state.dir);
      return statusOf(state);
    },
    'teamStore.test': async ({ url, password }): Promise<TeamStoreTest> => {
      let target;
      let secret = password;
      if (url !== undefined && url.trim() !== '') {
        target = parsedUrl(url.trim());
        // A URL named in the call gets only the password named with it: a stored password goes to the store in use alone.
      } else {
        const location = state.storeLocation();
        if (location.kind === 'sqlite')
          throw new RpcError('bad_input', "this workspace uses its own store: give a team store's URL to test");
        target = location.url;
        secret ??= location.password;
      }
      const project = state.workspace().config?.project;
      if (project === undefined)
        throw new RpcError(
          'bad_input',
          'a team store keeps each workspace\'s data by its project id: add "project: <id>" to aieval.yaml',
        );
      const [{ probeTeamStore }, { workspaceSchema }] = await Promise.all([
        import('../../store/postgres/probe-team-store'),
        import('../../store/postgres/postgres-store'),
      ]);
      try {
        const probe = await probeTeamStore(target, secret, workspaceSchema(project));
        const rights = probe.readOnly
          ? 'this role may only read: runs, labels and imports will be refused'
          : 'this role may write';
        const schema = probe.schemaExists ? `project ${project}` : `project ${project} (new: created on first use)`;
        return { ok: true, readOnly: probe.readOnly, message: `reached ${probe.where}, ${schema}; ${rights}` };
      } catch (error) {
        return { ok: false, readOnly: null, message: error instanceof Error ? error.message : String(error) };
      }
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;

function statusOf(state: AppState): TeamStoreStatus {
  const base = {
    setting: state.userSettings.get().storeUrl,
    project: state.workspace().config?.project ?? null,
    passwordStorage: state.options.secrets?.kind === 'keychain' ? ('keychain' as const) : ('environment' as const),
  };
  const own = { kind: 'sqlite' as const, url: '', source: null, passwordSource: null };
  try {
    const location = state.storeLocation();
    if (location.kind === 'sqlite') return { ...base, ...own, problem: null };
    const { shown: url, source, passwordSource } = location;
    return { ...base, kind: 'postgres', url, source, passwordSource, problem: null };
  } catch (error) {
    const named = storeSetting(state.storeSettings());
    const message = error instanceof Error ? error.message : String(error);
    return { ...base, ...own, ...(named ? { source: named.source } : {}), problem: message };
  }
}

/** A postgresql:// URL given in a call, or a bad_input error saying what is wrong with it. */
function parsedUrl(text: string): StoreUrl {
  if (!isPostgresUrl(text)) throw new RpcError('bad_input', 'the team store must be a postgresql:// URL');
  try {
    return parseStoreUrl(text);
  } catch (error) {
    throw new RpcError('bad_input', (error as Error).message);
  }
}
