import { describe, expect, it } from 'vitest';
import * as words from '../../../src-renderer/features/runs/local-run.selectors';

describe('local run words', () => {
  it('counts model loads with their time, and names the phase and concurrency', () => {
    expect(words.modelLoadsText({ count: 14, totalMs: 38_200 })).toBe('14 model loads, 38s');
    expect(words.modelLoadsText({ count: 1, totalMs: 2_000 })).toBe('1 model load, 2s');
    expect(words.modelLoadsText({ count: 0, totalMs: 0 })).toBe('no model loads');
    expect(words.concurrencyText({ value: 4, measured: true })).toBe('concurrency 4 (measured)');
    expect(words.phaseText({ name: 'judging', model: 'qwen3:8b', answered: 50 })).toBe('judging with qwen3:8b');
    expect(words.phaseText({ name: 'answering', model: 'llama3.1:8b', answered: 23 })).toMatch(
      /^answering with llama3\.1:8b · 23 answered/,
    );
  });

  it('describes each window and one call', () => {
    expect(
      words.windowsText([
        { provider: 'local', model: 'qwen3:8b', numCtx: 8192, modelMax: 40960, promptTokens: 3000, source: 'sized' },
        { provider: 'local', model: 'm', numCtx: null, modelMax: null, promptTokens: 10, source: 'server default' },
      ]),
    ).toBe('qwen3:8b num_ctx 8192 (sized, model max 40960); m server default window (server default)');
    expect(
      words.callMetricsText({
        promptEvalCount: 2048,
        evalCount: 90,
        promptTokensSent: 3700,
        numCtx: 2048,
        loadMs: 2000,
        promptEvalMs: 35,
        evalMs: 1200,
        totalMs: 3300,
      }),
    ).toBe(
      'prompt 2048 of ~3700 tokens sent evaluated (cut to the window) · num_ctx 2048 · load 2.0 s · prompt eval 35 ms · generation 1.2 s (90 tokens)',
    );
  });

  it('reads more evaluated than estimated as the chat template, not as "25 of ~10"', () => {
    const base = { evalCount: 3, numCtx: null, loadMs: 10, promptEvalMs: 5, evalMs: 20, totalMs: 40 };
    expect(words.callMetricsText({ ...base, promptEvalCount: 25, promptTokensSent: 10 })).toMatch(
      /^prompt 25 tokens evaluated \(~10 estimated before sending, plus the chat template\) · /,
    );
    expect(words.callMetricsText({ ...base, promptEvalCount: null, promptTokensSent: 10 })).toMatch(
      /^prompt ~10 tokens sent · /,
    );
  });
});
