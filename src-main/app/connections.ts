// The workspace's provider connections as the service uses them: keys by the workspace's trust, built providers.
import type { KeyStatus } from '../../src-shared/contract/secrets.contract';
import { traitsOf, type ProviderConfig } from '../../src-shared/model';
import { RpcError } from '../../src-shared/rpc/wire';
import { apiKeyVariable, createProvider } from '../engine/providers/create-provider';
import type { Provider } from '../engine/providers/provider';
import { ENGINE_KINDS } from '../engine/providers/provider-kinds';
import { CONFIG_FILE } from '../workspace/load-workspace';
import type { AppState } from './app-state';
import { connectionEnv, resolveKey, userKeyVariable, type Keyring } from './key-policy';
import { environmentSecrets, type Env } from './secrets';

/** The secret store and environment the service reads keys from (the environment alone unless a shell passed a keychain). */
export function keyringOf(state: AppState): Keyring {
  const env = state.options.env ?? process.env;
  return { secrets: state.options.secrets ?? environmentSecrets(env), env, trusted: state.isTrusted() };
}

/** The connection `name` of aieval.yaml (even while other files have errors), or a not_found error listing the known ones. */
export function connectionOf(state: AppState, name: string): ProviderConfig {
  const providers = state.workspace().config?.providers ?? {};
  const found = Object.hasOwn(providers, name) ? providers[name] : undefined;
  if (!found)
    throw new RpcError(
      'not_found',
      `No provider "${name}" in ${CONFIG_FILE}; known: ${Object.keys(providers).join(', ') || '(none)'}.`,
    );
  return found;
}

export function keyStatusOf(keyring: Keyring, name: string, config: ProviderConfig): KeyStatus {
  const variable = apiKeyVariable(config) ?? null;
  return {
    provider: name,
    variable,
    source: variable === null ? null : resolveKey(keyring, name, variable, addressOf(config)).source,
    storage: keyring.secrets.kind,
    restricted: variable !== null && !keyring.trusted,
    userVariable: userKeyVariable(name),
  };
}

/** The environment connection `name` is built with (its key alone); refuses a key restricted mode withholds. */
function envOf(keyring: Keyring, name: string, config: ProviderConfig): Env {
  return connectionEnv(keyring, name, config, apiKeyVariable(config), addressOf(config));
}

/**
 * Builds the Provider for connection `name` with its key by the workspace's trust, so a key stored in the desktop
 * app works for the connection test and the model list as for runs.
 */
export function buildProvider(state: AppState, name: string, config: ProviderConfig, timeoutMs: number): Provider {
  return createProvider(name, config, {
    workspaceDir: state.dir,
    env: envOf(keyringOf(state), name, config),
    timeoutMs,
  });
}

/** The environment a run builds each connection with: that connection's key only, by the workspace's trust. */
export function connectionKeys(state: AppState): (name: string, config: ProviderConfig) => Env {
  const keyring = keyringOf(state);
  return (name, config) => envOf(keyring, name, config);
}

/** What a connection calls: its base_url, else its kind's default address; a replay connection's cassette file. */
export function addressOf(config: ProviderConfig): string {
  if (traitsOf(config.kind).connection === 'cassette') return config.file ?? '(no cassette file)';
  return config.base_url ?? ENGINE_KINDS[config.kind].defaultUrl ?? '(no address)';
}
