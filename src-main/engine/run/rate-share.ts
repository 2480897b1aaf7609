// A workspace's provider rate limits split among the processes that spend one account (`--shard I/N`, `--rate-share S`).
import type { Settings } from '../../../src-shared/model';
import type { ValidWorkspace } from './plan';

type RateLimit = Settings['rate_limit'];

/** This process's part of the limits: requests and tokens per minute divided by `share`, the spacing multiplied. */
export function sharedRateLimit(limits: RateLimit, share: number): RateLimit {
  if (share <= 1) return limits;
  return {
    ...limits,
    delay_between_calls_ms: limits.delay_between_calls_ms * share,
    ...(limits.requests_per_minute !== undefined ? { requests_per_minute: limits.requests_per_minute / share } : {}),
    ...(limits.tokens_per_minute !== undefined ? { tokens_per_minute: limits.tokens_per_minute / share } : {}),
  };
}

export function shareRateLimits(workspace: ValidWorkspace, share: number): ValidWorkspace {
  const { settings } = workspace.config;
  const rate_limit = sharedRateLimit(settings.rate_limit, share);
  if (rate_limit === settings.rate_limit) return workspace;
  return { ...workspace, config: { ...workspace.config, settings: { ...settings, rate_limit } } };
}

/** One line for the run's log: what this process may spend, or undefined when nothing is limited or shared. */
export function describeShare(limits: RateLimit, share: number): string | undefined {
  if (share <= 1) return undefined;
  const mine = sharedRateLimit(limits, share);
  const parts = [
    limits.requests_per_minute !== undefined ? `requests_per_minute ${mine.requests_per_minute}` : '',
    limits.tokens_per_minute !== undefined ? `tokens_per_minute ${mine.tokens_per_minute}` : '',
    limits.delay_between_calls_ms > 0 ? `delay_between_calls_ms ${mine.delay_between_calls_ms}` : '',
  ].filter(Boolean);
  return parts.length > 0
    ? `rate limits shared by ${share} processes: this one uses ${parts.join(', ')} (--rate-share 1 for the whole limits)`
    : undefined;
}
