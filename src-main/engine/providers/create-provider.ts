// Builds the Provider for one named connection of aieval.yaml: reads its key from the environment, hands it to its kind,
// and wraps what it builds so nothing it answers or throws carries a key (secret-redaction.ts).
import { traitsOf, type ProviderConfig } from '../../../src-shared/model';
import type { AdapterOptions } from './adapter-options';
import type { KnobMemory } from './capabilities';
import { ProviderConfigError } from './connection-errors';
import type { Provider } from './provider';
import { ENGINE_KINDS } from './provider-kinds';
import { redactingProvider, registerSecret } from './secret-redaction';

export type CreateProviderOptions = Readonly<{
  workspaceDir: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  knobs?: KnobMemory;
}>;

export function createProvider(name: string, config: ProviderConfig, options: CreateProviderOptions): Provider {
  const adapter: AdapterOptions = {
    name,
    timeoutMs: options.timeoutMs,
    ...(config.base_url ? { baseUrl: config.base_url } : {}),
    ...(options.knobs ? { knobs: options.knobs } : {}),
    ...keyFrom(name, config, options.env),
  };
  registerSecret(adapter.apiKey);
  return redactingProvider(
    ENGINE_KINDS[config.kind].create({ name, config, adapter, workspaceDir: options.workspaceDir }),
  );
}

/** The environment variable a connection's key is read from: `api_key_env`, else the vendor's default; undefined when none is needed. */
export function apiKeyVariable(config: ProviderConfig): string | undefined {
  const { key, defaultKeyEnv } = traitsOf(config.kind);
  if (key === 'none') return undefined;
  if (config.api_key_env) return config.api_key_env;
  // A base_url without api_key_env is a local OpenAI-compatible server (Ollama /v1, vLLM, LM Studio): no key needed.
  if (key === 'vendor_unless_base_url' && config.base_url) return undefined;
  return key === 'optional' ? undefined : defaultKeyEnv;
}

/** The key named by `api_key_env` (or the kind's default variable); a missing variable is an error naming it. */
function keyFrom(name: string, config: ProviderConfig, env: CreateProviderOptions['env']): { apiKey?: string } {
  const variable = apiKeyVariable(config);
  if (variable === undefined) return {};
  const value = env[variable];
  if (!value) {
    throw new ProviderConfigError(
      `provider "${name}" (${config.kind}): the environment variable ${variable} is not set; export it with the API key` +
        (config.api_key_env ? '' : ` or name another variable with api_key_env`),
    );
  }
  return { apiKey: value };
}
