// The provider kinds, one entry each: what the schema, the settings card, the price table and the EEE names know of a
// kind. The engine's own registry (src-main/engine/providers/provider-kinds.ts) is keyed by the same names, so a kind
// added here fails to compile until it has its provider.
import { z } from 'zod';

export type ProviderKindTraits = Readonly<{
  /** What a connection points at: a server (base_url) or a recorded cassette (file). */
  connection: 'server' | 'cassette';
  /**
   * Whether it takes an API key: `vendor` always (from `defaultKeyEnv` unless `api_key_env` says otherwise),
   * `vendor_unless_base_url` only on the vendor's own service (a base_url is an OpenAI-compatible server),
   * `optional` only when `api_key_env` names one (a proxy), `none` never.
   */
  key: 'vendor' | 'vendor_unless_base_url' | 'optional' | 'none';
  defaultKeyEnv?: string;
  /** Who runs the model: on this machine, the vendor, the vendor or a compatible server (by address), or nobody. */
  runs: 'self' | 'vendor' | 'vendor_or_compatible' | 'nobody';
  /** Whether a call costs money (a local model or a replayed answer is free). */
  billed: boolean;
  /** EEE's inference_engine.name, where the kind is one (Ollama). */
  inferenceEngine?: string;
  /** The one-line help the settings card shows instead of the key field, where the kind needs no key. */
  noKeyHelp?: string;
}>;

export const PROVIDER_KINDS = {
  ollama: {
    connection: 'server',
    key: 'optional',
    runs: 'self',
    billed: false,
    inferenceEngine: 'ollama',
    noKeyHelp: 'Ollama needs no key.',
  },
  openai: {
    connection: 'server',
    key: 'vendor_unless_base_url',
    defaultKeyEnv: 'OPENAI_API_KEY',
    runs: 'vendor_or_compatible',
    billed: true,
  },
  anthropic: {
    connection: 'server',
    key: 'vendor',
    defaultKeyEnv: 'ANTHROPIC_API_KEY',
    runs: 'vendor',
    billed: true,
  },
  replay: { connection: 'cassette', key: 'none', runs: 'nobody', billed: false },
} as const satisfies Record<string, ProviderKindTraits>;

type KindName = keyof typeof PROVIDER_KINDS;
const kindNames = Object.keys(PROVIDER_KINDS) as [KindName, ...KindName[]];

export const providerKind = z.enum(kindNames);
export type ProviderKind = z.infer<typeof providerKind>;

export const traitsOf = (kind: ProviderKind): ProviderKindTraits => PROVIDER_KINDS[kind];

/** Whether a name read from elsewhere (a stored run, an imported envelope) is a kind this build knows. */
export const isProviderKind = (name: string): name is ProviderKind => Object.hasOwn(PROVIDER_KINDS, name);
