// A small price table (USD per 1M tokens) and the cost of one call; local and replayed calls cost nothing.
import { traitsOf, type ProviderKind } from '../../../src-shared/model';
import type { ChatResponse } from './provider';
import PRICE_TABLE from './prices.json' with { type: 'json' };

type Price = Readonly<{ input: number; output: number }>;

/** List prices in USD per 1M tokens. Dated snapshots (gpt-4o-2024-08-06, claude-sonnet-4-5-20250929) match their family. */
export const PRICES: Readonly<Record<string, Price>> = PRICE_TABLE;

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
