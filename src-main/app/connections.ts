// The workspace's provider connections as the service uses them: keys from the keychain or environment, built providers.
import type { KeyStatus } from '../../src-shared/contract/secrets.contract';
import type { ProviderConfig, WorkspaceConfig } from '../../src-shared/model';
import { RpcError } from '../../src-shared/rpc/wire';
import { ANTHROPIC_DEFAULT_URL } from '../engine/providers/anthropic.provider';
import { apiKeyVariable, createProvider } from '../engine/providers/create-provider';
import { OLLAMA_DEFAULT_URL } from '../engine/providers/ollama.provider';
import { OPENAI_DEFAULT_URL } from '../engine/providers/openai.provider';
import type { Provider } from '../engine/providers/provider';
import { CONFIG_FILE } from '../workspace/load-workspace';
import type { AppState } from './app-state';
import { environmentSecrets, keySource, providerEnv, type Env, type SecretStore } from './secrets';

export type Keyring = Readonly<{ secrets: SecretStore; env: Env }>;

/** The secret store and environment the service reads keys from (the environment alone unless a shell passed a keychain). */
export function keyringOf(state: AppState): Keyring {
  const env = state.options.env ?? process.env;
  return { secrets: state.options.secrets ?? environmentSecrets(env), env };
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
    source: variable === null ? null : keySource(variable, keyring.secrets, keyring.env),
    storage: keyring.secrets.kind,
  };
}

/** The environment to build these connections with: the process environment with the keychain's keys laid over it. */
function envFor(keyring: Keyring, configs: Iterable<ProviderConfig>): Env {
  const variables = [...configs].flatMap((config) => apiKeyVariable(config) ?? []);
  return providerEnv(keyring.secrets, keyring.env, variables);
}

/** The key a connection would be built with, for redacting it from any message that echoes it. */
export function keyOf(keyring: Keyring, config: ProviderConfig): string | undefined {
  const variable = apiKeyVariable(config);
  return variable === undefined ? undefined : envFor(keyring, [config])[variable];
}

/**
 * Builds the Provider for connection `name` with its key from the keychain (else the environment), so a key
 * stored in the desktop app works for the connection test and the model list as for runs.
 */
export function buildProvider(state: AppState, name: string, config: ProviderConfig, timeoutMs: number): Provider {
  return createProvider(name, config, { workspaceDir: state.dir, env: envFor(keyringOf(state), [config]), timeoutMs });
}

/** The `env` a run passes to createProvider for every connection of `config`, with the keychain's keys in it. */
export function connectionsEnv(state: AppState, config: WorkspaceConfig): Env {
  return envFor(keyringOf(state), Object.values(config.providers));
}

const DEFAULT_ADDRESS = {
  ollama: OLLAMA_DEFAULT_URL,
  openai: OPENAI_DEFAULT_URL,
  anthropic: ANTHROPIC_DEFAULT_URL,
} as const;

/** What a connection calls: its base_url, else its kind's default address; a replay connection's cassette file. */
export function addressOf(config: ProviderConfig): string {
  if (config.kind === 'replay') return config.file ?? '(no cassette file)';
  return config.base_url ?? DEFAULT_ADDRESS[config.kind];
}
