// The engine's side of every provider kind, keyed by the kinds of src-shared/model/provider-kinds.ts: how a
// connection of the kind is built, where it calls by default, and how preflight checks its models. A new kind is
// its provider file (exporting its entry) and one line here; the compiler asks for the line.
import type { ProviderConfig, ProviderKind } from '../../../src-shared/model';
import type { AdapterOptions } from './adapter-options';
import { anthropicKind } from './anthropic.provider';
import { ollamaKind } from './ollama.provider';
import { openAiKind } from './openai.provider';
import type { Provider } from './provider';
import { replayKind } from './replay.provider';

/** One connection to build: its name and configuration, the adapter options (with its key) and the workspace. */
export type Connection = Readonly<{
  name: string;
  config: ProviderConfig;
  adapter: AdapterOptions;
  workspaceDir: string;
}>;

export type EngineKind = Readonly<{
  create(connection: Connection): Provider;
  /** The address a connection without base_url calls; null for a kind that calls no server. */
  defaultUrl: string | null;
  /**
   * How preflight checks the models asked for: `listed` against the server's list (`hasModel` decides a match,
   * `missingModelFix` what to do about a miss), `unlisted` not at all (the server lists no aliases, or there is no
   * server to ask).
   */
  models: 'listed' | 'unlisted';
  hasModel?(model: string, models: readonly string[]): boolean;
  missingModelFix?(model: string): string;
}>;

export const ENGINE_KINDS: Readonly<Record<ProviderKind, EngineKind>> = {
  ollama: ollamaKind,
  openai: openAiKind,
  anthropic: anthropicKind,
  replay: replayKind,
};
