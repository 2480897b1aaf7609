// Connects to a provider by listing its models, and says in words what failed: no key, a refused key, an unreachable server.
import type { ConnectionProblem, ConnectionTest } from '../../src-shared/contract/providers.contract';
import type { KeyStatus } from '../../src-shared/contract/secrets.contract';
import { traitsOf, type ProviderConfig } from '../../src-shared/model';
import { ProviderConfigError } from '../engine/providers/connection-errors';
import { ProviderError } from '../engine/providers/provider';
import type { AppState } from './app-state';
import { addressOf, buildProvider, keyringOf, keyStatusOf } from './connections';
import { messageOf } from '../../src-shared/text/message-of';

/** A connection test waits this long at most: long enough for a cold server, short enough for someone watching a button. */
export const PROBE_TIMEOUT_MS = 10_000;

export type Probe = Readonly<{ test: ConnectionTest; models: string[] }>;

export async function probeConnection(state: AppState, name: string, config: ProviderConfig): Promise<Probe> {
  const keyring = keyringOf(state);
  const start = performance.now();
  const elapsed = () => Math.round(performance.now() - start);
  try {
    const models = [...new Set(await buildProvider(state, name, config, PROBE_TIMEOUT_MS).listModels())].sort();
    const what =
      traitsOf(config.kind).connection === 'cassette' ? `replays ${config.file}` : `connected to ${addressOf(config)}`;
    const message = `OK: ${what}; ${models.length} model${models.length === 1 ? '' : 's'} available.`;
    return { models, test: { ok: true, problem: null, message, latencyMs: elapsed(), modelCount: models.length } };
  } catch (error) {
    // The provider's own message comes redacted of every key (createProvider's wrapper).
    const { problem, message } = describeFailure(error, keyStatusOf(keyring, name, config));
    return { models: [], test: { ok: false, problem, message, latencyMs: elapsed(), modelCount: null } };
  }
}

/** Turns a failure into a headline in words plus the adapter's own message (which names the provider and address). */
export function describeFailure(error: unknown, key: KeyStatus): { problem: ConnectionProblem; message: string } {
  const detail = messageOf(error);
  if (error instanceof ProviderConfigError) {
    if (key.variable !== null && key.source === null && key.restricted)
      return { problem: 'no_key', message: `No API key (restricted mode): ${detail}.` };
    if (key.variable !== null && key.source === null) {
      const where =
        key.storage === 'keychain'
          ? `store a key here or set ${key.variable} in the environment`
          : `set ${key.variable} in the environment of \`ai-eval serve\` and restart it`;
      return { problem: 'no_key', message: `No API key: ${where}.` };
    }
    return { problem: 'config', message: `Configuration problem: ${detail}` };
  }
  if (!(error instanceof ProviderError)) return { problem: 'error', message: `Failed: ${detail}` };
  const status = error.details.status;
  if (status === undefined) return { problem: 'unreachable', message: `Unreachable: ${detail}` };
  if (status === 401 || status === 403) {
    const which = key.variable ? ` (${key.variable}${key.source ? ` from the ${key.source}` : ''})` : '';
    return {
      problem: 'unauthorized',
      message: `Key refused (HTTP ${status}): the server did not accept the API key${which}. ${detail}`,
    };
  }
  if (status === 404)
    return {
      problem: 'not_found',
      message: `Not found (HTTP 404): check base_url (OpenAI-compatible servers usually end in /v1). ${detail}`,
    };
  return { problem: 'http_error', message: `The server answered HTTP ${status}: ${detail}` };
}
