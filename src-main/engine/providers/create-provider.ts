// Builds the Provider for one named connection of aieval.yaml: reads its key from the environment, resolves its cassette.
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { ProviderConfig } from '../../../src-shared/model';
import type { AdapterOptions } from './adapter-options';
import { AnthropicProvider } from './anthropic.provider';
import type { KnobMemory } from './capabilities';
import { OllamaProvider } from './ollama.provider';
import { OpenAiProvider } from './openai.provider';
import type { Provider } from './provider';
import { ReplayProvider } from './replay.provider';
import { refusal } from '../../../src-shared/rpc/wire';

/** A provider that cannot be built from its configuration (missing key, bad cassette path): an input error, exit 2. */
export class ProviderConfigError extends refusal('bad_input', 'ProviderConfigError') {}

export type CreateProviderOptions = Readonly<{
  workspaceDir: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  knobs?: KnobMemory;
}>;

/** The variable read when `api_key_env` is not set and the provider is the vendor's own service. */
const DEFAULT_KEY_ENV = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' } as const;

export function createProvider(name: string, config: ProviderConfig, options: CreateProviderOptions): Provider {
  const base: AdapterOptions = {
    name,
    timeoutMs: options.timeoutMs,
    ...(config.base_url ? { baseUrl: config.base_url } : {}),
    ...(options.knobs ? { knobs: options.knobs } : {}),
  };
  switch (config.kind) {
    case 'ollama':
      return new OllamaProvider({ ...base, ...keyFrom(name, config, options.env) });
    case 'openai':
      return new OpenAiProvider({ ...base, ...keyFrom(name, config, options.env) });
    case 'anthropic':
      return new AnthropicProvider({ ...base, ...keyFrom(name, config, options.env) });
    case 'replay':
      return createReplay(name, config, options.workspaceDir);
  }
}

/** The environment variable a connection's key is read from: `api_key_env`, else the vendor's default; undefined when none is needed. */
export function apiKeyVariable(config: ProviderConfig): string | undefined {
  if (config.kind === 'replay') return undefined;
  if (config.api_key_env) return config.api_key_env;
  // A base_url without api_key_env is a local OpenAI-compatible server (Ollama /v1, vLLM, LM Studio): no key needed.
  if (config.kind === 'openai') return config.base_url ? undefined : DEFAULT_KEY_ENV.openai;
  return config.kind === 'anthropic' ? DEFAULT_KEY_ENV.anthropic : undefined;
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

function createReplay(name: string, config: ProviderConfig, workspaceDir: string): Provider {
  if (!config.file)
    throw new ProviderConfigError(
      `provider "${name}" (replay): set "file" to the cassette (a JSONL file in the workspace)`,
    );
  const file = resolveInside(workspaceDir, config.file, `provider "${name}" (replay)`);
  if (!existsSync(file))
    throw new ProviderConfigError(
      `provider "${name}" (replay): cassette ${config.file} not found (looked for ${file})`,
    );
  try {
    return new ReplayProvider(name, file);
  } catch (error) {
    throw new ProviderConfigError(`provider "${name}" (replay): ${(error as Error).message}`, { cause: error });
  }
}

/** Resolves a workspace-relative path and refuses one that leaves the workspace, through `..`, an absolute path or a symlink. */
export function resolveInside(workspaceDir: string, file: string, who: string): string {
  const root = resolve(workspaceDir);
  const path = resolve(root, file);
  const inside = (candidate: string, base: string) => {
    const rel = relative(base, candidate);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  };
  const escapes = !inside(path, root) || (existsSync(path) && !inside(realpathSync(path), realpathSync(root)));
  if (escapes)
    throw new ProviderConfigError(`${who}: ${file} is outside the workspace ${root}; keep cassettes inside it`);
  return path;
}
