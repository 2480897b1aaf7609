import { describe, expect, it } from 'vitest';
import { settings as settingsSchema } from '../../../../src-shared/model';
import { describeShare, sharedRateLimit } from '../../../../src-main/engine/run/rate-share';
import { limiterSettings } from '../../../../src-main/engine/run/run-services';

const limits = (rate_limit: Record<string, number>) => settingsSchema.parse({ rate_limit }).rate_limit;

describe('rate limits shared among shards', () => {
  it('divides requests and tokens per minute by the share and spaces calls that much further apart', () => {
    const mine = sharedRateLimit(
      limits({ requests_per_minute: 600, tokens_per_minute: 100_000, delay_between_calls_ms: 50 }),
      4,
    );
    expect(mine).toMatchObject({ requests_per_minute: 150, tokens_per_minute: 25_000, delay_between_calls_ms: 200 });
    const limiter = limiterSettings(settingsSchema.parse({ rate_limit: mine }), 4);
    // 150 requests a minute: one start every 400 ms.
    expect(limiter).toMatchObject({ delayBetweenCallsMs: 400, tokensPerMinute: 25_000, maxInFlight: 4 });
  });

  it('leaves the limits whole for a share of 1 and says nothing when nothing is limited', () => {
    const whole = limits({ requests_per_minute: 600 });
    expect(sharedRateLimit(whole, 1)).toBe(whole);
    expect(describeShare(whole, 1)).toBeUndefined();
    expect(describeShare(limits({}), 4)).toBeUndefined();
    expect(describeShare(whole, 4)).toBe(
      'rate limits shared by 4 processes: this one uses requests_per_minute 150 (--rate-share 1 for the whole limits)',
    );
    expect(limiterSettings(settingsSchema.parse({}), 2)).toMatchObject({
      delayBetweenCallsMs: 0,
      tokensPerMinute: null,
    });
  });
});
