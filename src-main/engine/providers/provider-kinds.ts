// The engine's side of every provider kind, keyed by the kinds of src-shared/model/provider-kinds.ts: how a
// connection of the kind is built, where it calls by default, and how preflight checks its models. A new kind is
// its provider file (exporting its entry) and one line here; the compiler asks for the line.
import type { ProviderKind } from '../../../src-shared/model';
import { anthropicKind } from './anthropic.provider';
import { ollamaKind } from './ollama.provider';
import { openAiKind } from './openai.provider';
import type { EngineKind } from './engine-kind';
import { replayKind } from './replay.provider';

export const ENGINE_KINDS: Readonly<Record<ProviderKind, EngineKind>> = {
  ollama: ollamaKind,
  openai: openAiKind,
  anthropic: anthropicKind,
  replay: replayKind,
};
