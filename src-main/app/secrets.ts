// Provider API keys outside the workspace: the keychain in the desktop app, the environment for the CLI and `ai-eval serve`.
import { RpcError } from '../../src-shared/rpc/wire';

export type Env = Readonly<Record<string, string | undefined>>;

/** Secrets by environment variable name (OPENAI_API_KEY), so a stored key stands in for the variable `api_key_env` names. */
export interface SecretStore {
  /** 'keychain': keys set here are kept, encrypted by the OS; 'environment': read-only, the process environment. */
  readonly kind: 'keychain' | 'environment';
  get(name: string): string | undefined;
  has(name: string): boolean;
  /** Stores the key bound to the address it was stored for: an untrusted workspace gets it only for that address. */
  set(name: string, value: string, boundTo: string): void;
  /** The address a stored key was bound to when the user stored it; undefined for keys stored without one. */
  boundTo(name: string): string | undefined;
  delete(name: string): void;
}

/** The CLI's and `ai-eval serve`'s store: reads the environment and refuses to store, saying where the key goes instead. */
export function environmentSecrets(env: Env): SecretStore {
  const refuse = (name: string, verb: string): never => {
    throw new RpcError(
      'unavailable',
      `This server cannot ${verb} API keys: set ${name} in the environment of \`ai-eval serve\` and restart it (the desktop app keeps keys in the OS keychain).`,
    );
  };
  return {
    kind: 'environment',
    get: (name) => env[name] || undefined,
    has: (name) => Boolean(env[name]),
    boundTo: () => undefined,
    set: (name) => refuse(name, 'store'),
    delete: (name) => refuse(name, 'clear'),
  };
}
