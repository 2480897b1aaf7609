// The capability table and the memory of refused knobs.
import { describe, expect, it } from 'vitest';
import { applicableGeneration, KnobMemory } from '../../../../src-main/engine/providers/capabilities';

const all = { temperature: 0, top_p: 1, seed: 7, max_tokens: 100 };

describe('applicableGeneration', () => {
  it('sends everything to Ollama and to OpenAI chat models', () => {
    expect(applicableGeneration('ollama', 'llama3.1:8b', all, new KnobMemory())).toEqual(all);
    expect(applicableGeneration('openai', 'gpt-4o', all, new KnobMemory())).toEqual(all);
  });

  it('drops temperature and top_p for OpenAI reasoning models', () => {
    for (const model of ['o1', 'o3-mini', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5-mini']) {
      expect(applicableGeneration('openai', model, all, new KnobMemory())).toEqual({ seed: 7, max_tokens: 100 });
    }
  });

  it('drops seed for Claude, and top_p beside temperature for recent Claude models only', () => {
    expect(applicableGeneration('anthropic', 'claude-3-5-haiku-latest', all, new KnobMemory())).toEqual({
      temperature: 0,
      top_p: 1,
      max_tokens: 100,
    });
    expect(applicableGeneration('anthropic', 'claude-sonnet-4-20250514', all, new KnobMemory())).toEqual({
      temperature: 0,
      top_p: 1,
      max_tokens: 100,
    });
    for (const model of ['claude-sonnet-4-5', 'claude-opus-4-1-20250805', 'claude-haiku-4-5-20251001']) {
      expect(applicableGeneration('anthropic', model, all, new KnobMemory())).toEqual({
        temperature: 0,
        max_tokens: 100,
      });
    }
    expect(applicableGeneration('anthropic', 'claude-sonnet-4-5', { top_p: 0.9 }, new KnobMemory())).toEqual({
      top_p: 0.9,
    });
  });

  it('drops what the provider refused for that model, and only for it', () => {
    const memory = new KnobMemory();
    memory.remember('ollama', 'odd-model', 'seed');
    expect(applicableGeneration('ollama', 'odd-model', all, memory)).toEqual({
      temperature: 0,
      top_p: 1,
      max_tokens: 100,
    });
    expect(applicableGeneration('ollama', 'other', all, memory)).toEqual(all);
  });

  it('sends nothing when nothing is set', () => {
    expect(applicableGeneration('openai', 'gpt-4o', undefined, new KnobMemory())).toEqual({});
  });
});
