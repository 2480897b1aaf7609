import { describe, expect, it, vi } from 'vitest';
import {
  CallFailedError,
  MAX_BACKOFF_MS,
  ProviderLimiter,
  type LimiterSettings,
} from '../../../../src-main/engine/run/limiter';
import { ProviderError } from '../../../../src-main/engine/providers/provider';
import { sleep } from '../../../../src-main/engine/run/sleep';

const settings = (over: Partial<LimiterSettings> = {}): LimiterSettings => ({
  maxInFlight: 4,
  delayBetweenCallsMs: 0,
  maxRetries: 3,
  baseDelayMs: 10,
  tokensPerMinute: null,
  ...over,
});

const rateLimited = (retryAfterMs?: number) =>
  new ProviderError('HTTP 429 Too Many Requests', { status: 429, retryable: true, retryAfterMs });

/** A limiter whose sleeps are recorded and take no time, on a clock that the sleeps advance. */
function recordingLimiter(over: Partial<LimiterSettings> = {}, random = () => 1) {
  let now = 1_000;
  const sleeps: number[] = [];
  const limiter = new ProviderLimiter('fake', settings(over), {
    random,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  });
  return { limiter, sleeps };
}

describe('ProviderLimiter', () => {
  it('rides out a 429 storm, waiting at least each Retry-After, and counts the retries', async () => {
    const { limiter, sleeps } = recordingLimiter({ baseDelayMs: 10 }, () => 0);
    let calls = 0;
    const counter = { attempts: 0, retries: 0 };
    const value = await limiter.run(
      async () => {
        calls += 1;
        if (calls <= 3) throw rateLimited(2000);
        return 'ok';
      },
      undefined,
      counter,
    );
    expect(value).toBe('ok');
    expect(counter).toEqual({ attempts: 4, retries: 3 });
    // Each backoff waits the full Retry-After (jitter drew 0); later starts may also wait on the provider-wide block.
    expect(sleeps.filter((ms) => ms >= 2000)).toHaveLength(3);
  });

  it('holds every caller back while a Retry-After is in force (real timers)', async () => {
    const limiter = new ProviderLimiter('fake', settings({ baseDelayMs: 0 }));
    const starts: number[] = [];
    let storm = true;
    let stormEndedAt = 0;
    const call = async () => {
      starts.push(Date.now());
      if (storm) {
        storm = false;
        stormEndedAt = Date.now();
        throw rateLimited(120);
      }
      return Date.now();
    };
    const first = limiter.run(call);
    await new Promise((resolve) => setImmediate(resolve));
    const second = limiter.run(async () => {
      starts.push(Date.now());
      return Date.now();
    });
    const [a, b] = await Promise.all([first, second]);
    expect(a - stormEndedAt).toBeGreaterThanOrEqual(115);
    expect(b - stormEndedAt).toBeGreaterThanOrEqual(115);
  });

  it('gives up after max_retries with a message naming the provider and the attempts', async () => {
    const { limiter } = recordingLimiter({ maxRetries: 2 });
    let calls = 0;
    const failing = limiter.run(async () => {
      calls += 1;
      throw new ProviderError('HTTP 503 Service Unavailable', { status: 503, retryable: true });
    });
    await expect(failing).rejects.toThrow('fake: HTTP 503 Service Unavailable (gave up after 3 attempts)');
    await failing.catch((error: CallFailedError) => {
      expect(error).toBeInstanceOf(CallFailedError);
      expect(error.attempts).toBe(3);
      expect(error.status).toBe(503);
    });
    expect(calls).toBe(3);
  });

  it('does not retry a non-retryable 4xx', async () => {
    const { limiter, sleeps } = recordingLimiter();
    let calls = 0;
    const failing = limiter.run(async () => {
      calls += 1;
      throw new ProviderError('HTTP 401 Unauthorized: invalid key', { status: 401, retryable: false });
    });
    await expect(failing).rejects.toThrow('fake: HTTP 401 Unauthorized: invalid key');
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry an error that is not a ProviderError (a bug, not an outage)', async () => {
    const { limiter } = recordingLimiter();
    let calls = 0;
    await expect(
      limiter.run(async () => {
        calls += 1;
        throw new TypeError('boom');
      }),
    ).rejects.toThrow('fake: boom');
    expect(calls).toBe(1);
  });

  it('retries a call the adapter timed out (a retryable ProviderError) and passes the run signal to every attempt', async () => {
    const { limiter } = recordingLimiter({ maxRetries: 1 });
    const controller = new AbortController();
    const seen: AbortSignal[] = [];
    const timingOut = limiter.run(async (signal) => {
      seen.push(signal);
      throw new ProviderError('provider "fake" (ollama, model m): timed out after 30 ms', { retryable: true });
    }, controller.signal);
    await expect(timingOut).rejects.toThrow(
      'provider "fake" (ollama, model m): timed out after 30 ms (gave up after 2 attempts)',
    );
    expect(seen).toEqual([controller.signal, controller.signal]);
  });

  it('grows the backoff exponentially with full jitter, capped', async () => {
    const { limiter, sleeps } = recordingLimiter({ maxRetries: 4, baseDelayMs: 100 }, () => 1);
    await expect(
      limiter.run(async () => {
        throw new ProviderError('HTTP 500', { status: 500, retryable: true });
      }),
    ).rejects.toThrow(/gave up after 5 attempts/);
    expect(sleeps).toEqual([100, 200, 400, 800]);

    const half = recordingLimiter({ maxRetries: 1, baseDelayMs: 100 }, () => 0.5);
    await expect(
      half.limiter.run(async () => Promise.reject(new ProviderError('x', { retryable: true }))),
    ).rejects.toThrow();
    expect(half.sleeps).toEqual([50]);

    const capped = recordingLimiter({ maxRetries: 1, baseDelayMs: MAX_BACKOFF_MS * 10 }, () => 1);
    await expect(
      capped.limiter.run(async () => Promise.reject(new ProviderError('x', { retryable: true }))),
    ).rejects.toThrow();
    expect(capped.sleeps).toEqual([MAX_BACKOFF_MS]);
  });

  it('never has more than maxInFlight calls running', async () => {
    const limiter = new ProviderLimiter('fake', settings({ maxInFlight: 2 }));
    let running = 0;
    let peak = 0;
    const call = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 8 }, () => limiter.run(call)));
    expect(peak).toBe(2);
  });

  it('spaces call starts by delay_between_calls_ms, even when callers arrive together', async () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      const limiter = new ProviderLimiter('fake', settings({ delayBetweenCallsMs: 40 }));
      const starts: number[] = [];
      const all = Promise.all(Array.from({ length: 4 }, () => limiter.run(async () => void starts.push(Date.now()))));
      await vi.runAllTimersAsync();
      await all;
      expect(starts.sort((a, b) => a - b)).toEqual([1_000, 1_040, 1_080, 1_120]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps tokens_per_minute: a call waits while the last minute spent the budget, then starts as it drains', async () => {
    const { limiter, sleeps } = recordingLimiter({ tokensPerMinute: 6_000, maxInFlight: 1 });
    const spend = (tokens: number) =>
      limiter.run(
        async () => tokens,
        undefined,
        undefined,
        (spent) => spent,
      );
    await spend(3_000);
    await spend(2_000);
    // Below a minute's budget (6,000) a call starts at once, and may take the bucket over it.
    await spend(2_200);
    expect(sleeps).toEqual([]);
    // 7,200 spent: the 1,200 over the budget drain in 12 s at 100 tokens a second.
    await spend(10);
    expect(sleeps).toEqual([12_001]);
  });

  it('stops at once on cancel during a backoff, without another attempt', async () => {
    // The real sleep, with word of when the backoff begins.
    let backingOff: () => void = () => {};
    const backoffBegan = new Promise<void>((resolve) => (backingOff = resolve));
    const limiter = new ProviderLimiter('fake', settings({ baseDelayMs: 60_000 }), {
      sleep: (ms, signal) => {
        backingOff();
        return sleep(ms, signal);
      },
    });
    const controller = new AbortController();
    let calls = 0;
    const retrying = limiter.run(async () => {
      calls += 1;
      throw rateLimited();
    }, controller.signal);
    await backoffBegan;
    controller.abort();
    await expect(retrying).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(1);
  });

  it('drops a queued call on cancel and passes its place on', async () => {
    const limiter = new ProviderLimiter('fake', settings({ maxInFlight: 1 }));
    const controller = new AbortController();
    let release: () => void = () => undefined;
    const holder = limiter.run(() => new Promise<string>((resolve) => (release = () => resolve('held'))));
    let ranQueued = false;
    const queued = limiter.run(async () => void (ranQueued = true), controller.signal);
    const after = limiter.run(async () => 'after');
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await expect(holder).resolves.toBe('held');
    await expect(after).resolves.toBe('after');
    expect(ranQueued).toBe(false);
  });
});
