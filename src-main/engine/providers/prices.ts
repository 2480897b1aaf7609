// A small price table (USD per 1M tokens) and the cost of one call; local and replayed calls cost nothing.
import { traitsOf, type ProviderKind } from '../../../src-shared/model';
import type { ChatResponse } from './provider';

type Price = Readonly<{ input: number; output: number }>;

/** List prices in USD per 1M tokens. Dated snapshots (gpt-4o-2024-08-06, claude-sonnet-4-5-20250929) match their family. */
export const PRICES: Readonly<Record<string, Price>> = {
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  o1: { input: 15, output: 60 },
  o3: { input: 2, output: 8 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'claude-opus-4': { input: 15, output: 75 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'claude-opus-4-5': { input: 5, output: 25 },
  'claude-sonnet-4': { input: 3, output: 15 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-3-7-sonnet': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
};

/** The price entry of a model: the longest table key that is the model id or a prefix of it followed by "-". */
export function priceOf(model: string): Price | undefined {
  let best: string | undefined;
  for (const key of Object.keys(PRICES)) {
    const matches = model === key || model.startsWith(`${key}-`);
    if (matches && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : PRICES[best];
}

/** USD for one call; 0 for local (Ollama) and replayed calls; null when the model or the token counts are unknown. */
export function costUsd(model: string, usage: ChatResponse['usage'], kind?: ProviderKind): number | null {
  if (kind !== undefined && !traitsOf(kind).billed) return 0;
  const price = priceOf(model);
  if (!price || usage.inputTokens === null || usage.outputTokens === null) return null;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}
