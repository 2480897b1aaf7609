// The per-provider limiter: caps calls in flight, spaces them, and retries with backoff and jitter.
// Each call's own timeout (request_timeout_ms) is enforced by the adapter (providers/deadline.ts), which turns it into
// a retryable ProviderError that lands here like any other retryable failure.
import { ProviderError } from '../providers/provider';
import { sleep as realSleep } from './sleep';
import { messageOf } from '../../../src-shared/text/message-of';

export type LimiterSettings = Readonly<{
  maxInFlight: number;
  delayBetweenCallsMs: number;
  maxRetries: number;
  baseDelayMs: number;
  /** Input + output tokens per minute; null: no token budget. */
  tokensPerMinute: number | null;
}>;

export type LimiterHooks = Readonly<{
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}>;

/** The longest single backoff, whatever the attempt number (a Retry-After may ask for more). */
export const MAX_BACKOFF_MS = 120_000;

const NEVER = new AbortController().signal;

/** A call that failed for good: not retryable, or still failing after every retry. */
export class CallFailedError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    readonly status: number | undefined,
    /** The provider's own error, for callers that explain a kind of failure (a replay miss). */
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'CallFailedError';
  }
}

/** Counts every attempt (first call and retries) a caller's calls made. */
export type AttemptCounter = { attempts: number; retries: number };

export class ProviderLimiter {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStartAt = 0;
  private blockedUntil = 0;
  /** The token budget as a leaky bucket: tokens spent, draining at tokens_per_minute; a call waits while it is full. */
  private tokenLevel = 0;
  private tokenLevelAt = 0;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => number;

  constructor(
    readonly name: string,
    private settings: LimiterSettings,
    hooks: LimiterHooks = {},
  ) {
    this.random = hooks.random ?? Math.random;
    this.sleep = hooks.sleep ?? realSleep;
    this.now = hooks.now ?? Date.now;
  }

  /** Later runs may ask for more concurrency or other retry settings; calls already queued keep their place. */
  configure(settings: LimiterSettings): void {
    this.settings = settings;
    this.wake();
  }

  /** Runs `call` under the limits (passing `signal` on); a cancelled `signal` rejects with its reason and never retries. */
  async run<T>(
    call: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    counter?: AttemptCounter,
    tokensOf?: (result: T) => number,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      await this.acquire(signal);
      if (counter) {
        counter.attempts += 1;
        if (attempt > 1) counter.retries += 1;
      }
      let error: unknown;
      try {
        const result = await call(signal ?? NEVER);
        if (tokensOf) this.spendTokens(tokensOf(result));
        return result;
      } catch (caught) {
        error = caught;
      } finally {
        this.release();
      }
      if (signal?.aborted) throw signal.reason;
      const details = error instanceof ProviderError ? error.details : undefined;
      const what = messageOf(error);
      // Provider errors already say which provider, model and URL failed; only say the name when they do not.
      const message = what.includes(this.name) ? what : `${this.name}: ${what}`;
      if (!details?.retryable) throw new CallFailedError(message, attempt, details?.status, error);
      if (attempt > this.settings.maxRetries)
        throw new CallFailedError(`${message} (gave up after ${attempt} attempts)`, attempt, details.status);
      await this.sleep(this.backoff(attempt, details.retryAfterMs), signal);
    }
  }

  /** Full jitter (a uniform draw up to base × 2^(n−1)), but never shorter than the server's Retry-After. */
  private backoff(attempt: number, retryAfterMs: number | undefined): number {
    const ceiling = Math.min(MAX_BACKOFF_MS, this.settings.baseDelayMs * 2 ** (attempt - 1));
    const jittered = this.random() * ceiling;
    if (retryAfterMs === undefined) return jittered;
    // A Retry-After speaks for the whole provider: hold every other caller back too.
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + retryAfterMs);
    return Math.max(retryAfterMs, jittered);
  }

  /** Takes a slot, FIFO: a released slot passes straight to the oldest waiter, so no late caller jumps the queue. */
  private async acquire(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    if (this.inFlight < this.settings.maxInFlight) {
      this.inFlight += 1;
    } else {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = this.waiting.indexOf(handOff);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal?.reason);
        };
        const handOff = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(handOff);
      });
    }
    try {
      await this.spacing(signal);
    } catch (error) {
      this.release();
      throw error;
    }
  }

  /** The bucket's level now: what was spent, less what a minute's budget has drained since. */
  private tokensInBucket(now: number): number {
    const perMinute = this.settings.tokensPerMinute;
    if (perMinute === null) return 0;
    return Math.max(0, this.tokenLevel - ((now - this.tokenLevelAt) * perMinute) / 60_000);
  }

  private spendTokens(tokens: number): void {
    if (this.settings.tokensPerMinute === null || !(tokens > 0)) return;
    const now = this.now();
    this.tokenLevel = this.tokensInBucket(now) + tokens;
    this.tokenLevelAt = now;
  }

  /** When the bucket has room again: a call starts only below one minute's budget, so the average stays under it. */
  private tokensFreeAt(now: number): number {
    const perMinute = this.settings.tokensPerMinute;
    const over = this.tokensInBucket(now) - (perMinute ?? 0);
    return perMinute === null || over < 0 ? now : now + Math.ceil((over * 60_000) / perMinute) + 1;
  }

  /**
   * Waits for delay_between_calls_ms after the previous start (reserved at once, so callers never share a slot in
   * time), for any Retry-After block and for room in the token budget.
   */
  private async spacing(signal: AbortSignal | undefined): Promise<void> {
    let startAt = Math.max(this.now(), this.nextStartAt, this.blockedUntil, this.tokensFreeAt(this.now()));
    this.nextStartAt = startAt + this.settings.delayBetweenCallsMs;
    for (let wait = startAt - this.now(); wait > 0; wait = startAt - this.now()) {
      await this.sleep(wait, signal);
      startAt = Math.max(startAt, this.blockedUntil, this.tokensFreeAt(this.now()));
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    // Hand the slot over (inFlight unchanged) unless the limit shrank meanwhile.
    if (next && this.inFlight <= this.settings.maxInFlight) next();
    else {
      if (next) this.waiting.unshift(next);
      this.inFlight -= 1;
    }
  }

  private wake(): void {
    while (this.inFlight < this.settings.maxInFlight && this.waiting.length > 0) {
      this.inFlight += 1;
      this.waiting.shift()?.();
    }
  }
}
