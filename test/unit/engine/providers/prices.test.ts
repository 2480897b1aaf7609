// The price table and the cost of a call.
import { describe, expect, it } from 'vitest';
import { costUsd, priceOf } from '../../../../src-main/engine/providers/prices';

describe('costUsd', () => {
  it('prices a call per million tokens, matching dated snapshots to their family', () => {
    expect(costUsd('gpt-4o-mini', { inputTokens: 1_000_000, outputTokens: 1_000_000 })).toBeCloseTo(0.75);
    expect(costUsd('claude-sonnet-4-5-20250929', { inputTokens: 2000, outputTokens: 500 })).toBeCloseTo(0.0135);
    expect(priceOf('gpt-4o-2024-08-06')).toEqual({ input: 2.5, output: 10 });
    expect(priceOf('gpt-5-mini-2025-08-07')).toEqual({ input: 0.25, output: 2 });
  });

  it('is 0 for local and replayed calls and null when unknown', () => {
    expect(costUsd('llama3.1:8b', { inputTokens: 10, outputTokens: 10 }, 'ollama')).toBe(0);
    expect(costUsd('gpt-4o', { inputTokens: 10, outputTokens: 10 }, 'replay')).toBe(0);
    expect(costUsd('llama3.1:8b', { inputTokens: 10, outputTokens: 10 }, 'openai')).toBeNull();
    expect(costUsd('gpt-4o', { inputTokens: null, outputTokens: 10 })).toBeNull();
    expect(priceOf('gpt-4oo')).toBeUndefined();
  });
});
