// Which API key a connection gets, by the workspace's trust (docs/security.md): an untrusted workspace never reads `api_key_env`.
import type { ProviderConfig } from '../../src-shared/model';
import { ProviderConfigError } from '../engine/providers/connection-errors';
import { registerSecret } from '../engine/providers/secret-redaction';
import type { Env, SecretStore } from './secrets';

export type KeySource = 'keychain' | 'environment' | null;

/** What a key is read from: the keychain and environment, and whether the open workspace is trusted. */
export type Keyring = Readonly<{ secrets: SecretStore; env: Env; trusted: boolean }>;

export type ResolvedKey = Readonly<{ key: string | undefined; source: KeySource }>;

/** The variable a user sets to give one connection a key whatever the workspace says: AIEVAL_KEY_<PROVIDER>. */
export const userKeyVariable = (provider: string): string =>
  `AIEVAL_KEY_${provider.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * The key of connection `name` whose key variable is `variable` and which calls `address`.
 * Trusted: the keychain, else the variable in the environment, else AIEVAL_KEY_<PROVIDER>.
 * Untrusted (restricted mode): AIEVAL_KEY_<PROVIDER>, else a keychain key the user stored for exactly this address;
 * the variable aieval.yaml names is never read, so a workspace cannot send `AWS_SECRET_ACCESS_KEY` to its own server.
 */
export function resolveKey(keyring: Keyring, name: string, variable: string, address: string): ResolvedKey {
  const resolved = lookUpKey(keyring, name, variable, address);
  // Every key the app resolves is a configured secret: redacted from whatever a provider answers from now on.
  registerSecret(resolved.key);
  return resolved;
}

function lookUpKey(keyring: Keyring, name: string, variable: string, address: string): ResolvedKey {
  const { secrets, env, trusted } = keyring;
  const userKey = env[userKeyVariable(name)] || undefined;
  if (trusted) {
    if (secrets.kind === 'keychain' && secrets.has(variable)) return { key: secrets.get(variable), source: 'keychain' };
    const key = env[variable] || userKey;
    return { key, source: key ? 'environment' : null };
  }
  if (userKey) return { key: userKey, source: 'environment' };
  const bound = secrets.kind === 'keychain' && secrets.has(variable) && secrets.boundTo(variable) === address;
  return bound ? { key: secrets.get(variable), source: 'keychain' } : { key: undefined, source: null };
}

/** Why an untrusted workspace's connection has no key, and the three ways to give it one. */
export function withheldKeyMessage(name: string, config: ProviderConfig, variable: string, address: string): string {
  return (
    `provider "${name}" (${config.kind}): untrusted workspace: restricted mode does not read ${variable}` +
    `${config.api_key_env ? ' (named by api_key_env in aieval.yaml)' : ''} to send it to ${address}; ` +
    `run \`ai-eval trust\` (or pass --trust-workspace) if you trust this workspace, ` +
    `or set ${userKeyVariable(name)}, or store a key for this connection in the app`
  );
}

/**
 * The environment connection `name` is built with: only its own key under its variable. In an untrusted workspace a
 * key restricted mode withholds is a refusal (ProviderConfigError, exit 2) before any request.
 */
export function connectionEnv(
  keyring: Keyring,
  name: string,
  config: ProviderConfig,
  variable: string | undefined,
  address: string,
): Env {
  if (variable === undefined) return {};
  const { key } = resolveKey(keyring, name, variable, address);
  if (key) return { [variable]: key };
  if (!keyring.trusted) throw new ProviderConfigError(withheldKeyMessage(name, config, variable, address));
  return {};
}
