// Handlers for provider API keys: status, store and clear through the SecretStore; no output ever carries a key.
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import type { AppState } from '../app-state';
import { addressOf, connectionOf, keyringOf, keyStatusOf } from '../connections';
import type { Ctx } from '../../../src-shared/rpc/ctx';

/** The connection and the variable its key stands for; a connection that takes no key is refused with what to do. */
function keyedConnection(state: AppState, provider: string) {
  const config = connectionOf(state, provider);
  const keyring = keyringOf(state);
  const status = keyStatusOf(keyring, provider, config);
  if (status.variable === null) {
    throw new RpcError(
      'bad_input',
      `Provider "${provider}" (${config.kind}) takes no API key; to send one, name its variable with api_key_env in aieval.yaml.`,
    );
  }
  return { config, keyring, variable: status.variable };
}

export const secretsHandlers = (state: AppState) =>
  ({
    'secrets.status': ({ provider }) => keyStatusOf(keyringOf(state), provider, connectionOf(state, provider)),
    'secrets.set': ({ provider, key }) => {
      const { config, keyring, variable } = keyedConnection(state, provider);
      // Bound to the address it is stored for: an untrusted workspace gets it for that address only (docs/security.md).
      keyring.secrets.set(variable, key, addressOf(config));
      return keyStatusOf(keyring, provider, config);
    },
    'secrets.clear': ({ provider }) => {
      const { config, keyring, variable } = keyedConnection(state, provider);
      keyring.secrets.delete(variable);
      return keyStatusOf(keyring, provider, config);
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;
