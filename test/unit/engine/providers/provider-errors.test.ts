// Retry-After and rate-limit header parsing, retryable statuses and knob detection.
import { describe, expect, it } from 'vitest';
import {
  httpError,
  isRetryableStatus,
  knobNamedIn,
  parseRetryAfter,
  retryAfterFromHeaders,
} from '../../../../src-main/engine/providers/provider-errors';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('retry delays', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
  });

  it('prefers retry-after-ms, then Retry-After', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), 429, NOW)).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '9' }), 503, NOW)).toBe(9000);
  });

  it('falls back to the reset of the exhausted rate limit on a 429', () => {
    const openai = new Headers({
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '6m0s',
      'x-ratelimit-remaining-tokens': '900',
      'x-ratelimit-reset-tokens': '20ms',
    });
    expect(retryAfterFromHeaders(openai, 429, NOW)).toBe(360_000);
    const anthropic = new Headers({
      'anthropic-ratelimit-tokens-remaining': '0',
      'anthropic-ratelimit-tokens-reset': '2026-03-01T12:00:05Z',
    });
    expect(retryAfterFromHeaders(anthropic, 429, NOW)).toBe(5000);
    expect(retryAfterFromHeaders(new Headers({ 'x-ratelimit-reset': String(NOW / 1000 + 12) }), 429, NOW)).toBe(12_000);
    expect(retryAfterFromHeaders(new Headers({ 'x-ratelimit-reset': '3' }), 429, NOW)).toBe(3000);
    expect(retryAfterFromHeaders(openai, 500, NOW)).toBeUndefined();
  });
});

describe('httpError', () => {
  it('retries 408, 429 and 5xx only', () => {
    expect([400, 401, 403, 404, 408, 422, 429, 500, 503].filter(isRetryableStatus)).toEqual([408, 429, 500, 503]);
  });

  it('says where, the status and the provider’s message, and carries the delay', () => {
    const error = httpError(
      'provider "x" (openai, model m, http://h)',
      429,
      'slow down',
      new Headers({ 'retry-after': '2' }),
    );
    expect(error.message).toBe('provider "x" (openai, model m, http://h): HTTP 429: slow down');
    expect(error.details).toEqual({ status: 429, retryable: true, retryAfterMs: 2000 });
  });

  it('names the refused knob of a 400, top_p before temperature', () => {
    expect(knobNamedIn("Unsupported value: 'temperature' does not support 0 with this model.")).toBe('temperature');
    expect(knobNamedIn('`temperature` and `top_p` cannot both be specified for this model.')).toBe('top_p');
    expect(knobNamedIn('messages: field required')).toBeUndefined();
    expect(httpError('w', 400, "'seed' is not supported", undefined).details).toEqual({
      status: 400,
      retryable: false,
      knob: 'seed',
    });
  });
});
