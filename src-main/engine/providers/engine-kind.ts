// What the engine knows of one provider kind (EngineKind): how a connection of the kind is built, where it calls by
// default, and how preflight checks its models. Each provider file exports its entry; provider-kinds.ts lists them.
import type { ProviderConfig } from '../../../src-shared/model';
import type { AdapterOptions } from './adapter-options';
import type { Provider } from './provider';

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
