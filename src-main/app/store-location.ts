// Which store a workspace uses: its own SQLite file (the default, nothing to set), or a team store named by one
// setting in every shell: `--store URL` on the CLI, AIEVAL_STORE_URL in the environment, the app's user setting. The
// password comes from the environment or the app's secret store (never aieval.yaml, never the settings file).
import { RpcError } from '../../src-shared/rpc/wire';
import type { WorkspaceConfig } from '../../src-shared/model';
import { isPostgresUrl, parseStoreUrl, redactedUrl, type StoreUrl } from '../store/postgres/store-url';
import type { Env, SecretStore } from './secrets';

/** The variable that names a team store in every shell's environment. */
export const STORE_URL_VARIABLE = 'AIEVAL_STORE_URL';
/** The variable (and the secret store's name) of the team store's password. */
export const STORE_PASSWORD_VARIABLE = 'AIEVAL_STORE_PASSWORD';
/** `--store sqlite`: the workspace's own file, whatever the environment and the settings say. */
export const LOCAL_STORE = 'sqlite';

export type StoreSource = 'flag' | 'environment' | 'settings';
export type PasswordSource = 'environment' | 'keychain' | 'url' | 'pgpass';

export type StoreLocation =
  | Readonly<{ kind: 'sqlite' }>
  | Readonly<{
      kind: 'postgres';
      url: StoreUrl;
      /** The URL as it may be shown: no password. */
      shown: string;
      source: StoreSource;
      password: string | undefined;
      passwordSource: PasswordSource;
      project: string;
    }>;

export type StoreSettings = Readonly<{
  /** `--store URL` (or `sqlite`), the process's own choice. */
  flag?: string;
  env: Env;
  /** The user setting of the app ('' : none). */
  setting: string;
  secrets: SecretStore | undefined;
}>;

/** The setting that decides, with where it came from; undefined: the workspace's own SQLite store. */
export function storeSetting(settings: StoreSettings): { value: string; source: StoreSource } | undefined {
  const candidates: [string | undefined, StoreSource][] = [
    [settings.flag, 'flag'],
    [settings.env[STORE_URL_VARIABLE], 'environment'],
    [settings.setting, 'settings'],
  ];
  const [value, source] = candidates.find(([candidate]) => candidate !== undefined && candidate.trim() !== '') ?? [];
  if (value === undefined || source === undefined || value.trim() === LOCAL_STORE) return undefined;
  return { value: value.trim(), source };
}

const WHERE: Readonly<Record<StoreSource, string>> = {
  flag: '--store',
  environment: STORE_URL_VARIABLE,
  settings: "the app's store setting",
};

/**
 * Where the workspace's data lives. A team store needs the workspace's project id (aieval.yaml `project`); a setting
 * that is not a postgresql:// URL is refused naming where it was set, as is a password in the app's setting (which
 * is a file on disk: the password belongs in the keychain).
 */
export function locateStore(
  settings: StoreSettings,
  config: Pick<WorkspaceConfig, 'project'> | undefined,
): StoreLocation {
  const setting = storeSetting(settings);
  if (!setting) return { kind: 'sqlite' };
  const where = WHERE[setting.source];
  if (!isPostgresUrl(setting.value))
    throw new RpcError(
      'bad_input',
      `${where} must be a postgresql:// URL (or "${LOCAL_STORE}" for the workspace's own store): ${redactedUrl(setting.value)}`,
    );
  let url: StoreUrl;
  try {
    url = parseStoreUrl(setting.value);
  } catch (error) {
    throw new RpcError('bad_input', `${where}: ${(error as Error).message}`);
  }
  if (setting.source === 'settings' && url.password !== undefined)
    throw new RpcError(
      'bad_input',
      `${where} holds a password, in a file on disk: remove it from the URL and keep it in ${STORE_PASSWORD_VARIABLE} or the app's keychain`,
    );
  const project = config?.project;
  if (project === undefined)
    throw new RpcError(
      'bad_input',
      `a team store keeps each workspace's data by its project id: add "project: <id>" to aieval.yaml (${where} names ${redactedUrl(setting.value)})`,
    );
  const fromEnv = settings.env[STORE_PASSWORD_VARIABLE] || settings.env.PGPASSWORD;
  const fromSecrets = settings.secrets?.get(STORE_PASSWORD_VARIABLE);
  const [password, passwordSource]: [string | undefined, PasswordSource] = fromEnv
    ? [fromEnv, 'environment']
    : fromSecrets
      ? [fromSecrets, settings.secrets!.kind === 'keychain' ? 'keychain' : 'environment']
      : url.password !== undefined
        ? [url.password, 'url']
        : [undefined, 'pgpass'];
  return {
    kind: 'postgres',
    url,
    shown: redactedUrl(setting.value),
    source: setting.source,
    password,
    passwordSource,
    project,
  };
}
