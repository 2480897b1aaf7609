// Turns HTTP statuses, network failures, timeouts and rate-limit headers into ProviderErrors.
import { ProviderError } from './provider';

/** The generation knobs a provider may refuse and that can be dropped without changing the request's meaning. */
export const DROPPABLE_KNOBS = ['top_p', 'seed', 'temperature'] as const;
export type DroppableKnob = (typeof DROPPABLE_KNOBS)[number];

/** What the error mappers read of an answer's headers: a fetch `Headers`, an SDK error's, or node:http's. */
export type HeaderLookup = Readonly<{ get(name: string): string | null }>;

/** 408, 429 and 5xx are worth retrying; every other 4xx is the caller's mistake. */
export const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** The knob a 400 message names (top_p first: "temperature and top_p cannot both be specified" keeps temperature). */
export function knobNamedIn(message: string): DroppableKnob | undefined {
  return DROPPABLE_KNOBS.find((knob) => new RegExp(`\\b${knob}\\b`, 'i').test(message));
}

/** An HTTP error answer from a provider. `where` names the provider, model and address. */
export function httpError(
  where: string,
  status: number,
  detail: string,
  headers: HeaderLookup | undefined,
): ProviderError {
  const retryable = isRetryableStatus(status);
  const retryAfterMs = retryable && headers ? retryAfterFromHeaders(headers, status) : undefined;
  const knob = status === 400 ? knobNamedIn(detail) : undefined;
  return new ProviderError(`${where}: HTTP ${status}${detail ? `: ${detail}` : ''}`, {
    status,
    retryable,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(knob ? { knob } : {}),
  });
}

export const networkError = (where: string, cause: unknown): ProviderError =>
  new ProviderError(`${where}: network error: ${describeCause(cause)}`, { retryable: true });

export const timeoutError = (where: string, timeoutMs: number): ProviderError =>
  new ProviderError(`${where}: no answer within ${timeoutMs} ms (request_timeout_ms)`, { retryable: true });

/** A body that is not the JSON the wire format promises (a proxy page, a cut-off answer): retried like a 502. */
export const malformedError = (where: string, detail: string): ProviderError =>
  new ProviderError(`${where}: malformed response body: ${detail}`, { retryable: true });

/** The error text inside a provider's JSON error body (`{error: "..."}` or `{error: {message}}`), else the raw text cut short. */
export function errorDetail(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const error = isRecord(parsed) ? parsed.error : undefined;
    if (typeof error === 'string') return error;
    if (isRecord(error) && typeof error.message === 'string') return error.message;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return body.trim().slice(0, 300);
}

/** How long to wait before retrying, from Retry-After, retry-after-ms or the rate-limit reset headers. */
export function retryAfterFromHeaders(headers: HeaderLookup, status: number, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const parsed = parseRetryAfter(retryAfter, now);
    if (parsed !== undefined) return parsed;
  }
  return status === 429 ? rateLimitResetMs(headers, now) : undefined;
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string, now = Date.now()): number | undefined {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const RESET_HEADERS: ReadonlyArray<readonly [reset: string, remaining: string]> = [
  ['x-ratelimit-reset-requests', 'x-ratelimit-remaining-requests'],
  ['x-ratelimit-reset-tokens', 'x-ratelimit-remaining-tokens'],
  ['anthropic-ratelimit-requests-reset', 'anthropic-ratelimit-requests-remaining'],
  ['anthropic-ratelimit-tokens-reset', 'anthropic-ratelimit-tokens-remaining'],
  ['anthropic-ratelimit-input-tokens-reset', 'anthropic-ratelimit-input-tokens-remaining'],
  ['anthropic-ratelimit-output-tokens-reset', 'anthropic-ratelimit-output-tokens-remaining'],
  ['x-ratelimit-reset', 'x-ratelimit-remaining'],
];

/** The latest reset among the exhausted limits (remaining 0 or not stated). */
function rateLimitResetMs(headers: HeaderLookup, now: number): number | undefined {
  let wait: number | undefined;
  for (const [resetName, remainingName] of RESET_HEADERS) {
    const reset = headers.get(resetName);
    const remaining = headers.get(remainingName);
    if (reset === null || (remaining !== null && Number(remaining) > 0)) continue;
    const ms = parseResetValue(reset, now);
    if (ms !== undefined) wait = Math.max(wait ?? 0, ms);
  }
  return wait;
}

/** Reset values come as Go-style durations ("6m0s", "20ms"), RFC 3339 times, or seconds (delta or epoch). */
function parseResetValue(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const seconds = Number(trimmed);
    // Values above a year of seconds are epoch timestamps, not deltas.
    return seconds > 31_536_000 ? Math.max(0, seconds * 1000 - now) : Math.round(seconds * 1000);
  }
  const duration = parseDuration(trimmed);
  if (duration !== undefined) return duration;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const UNIT_MS: Readonly<Record<string, number>> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

function parseDuration(value: string): number | undefined {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value) return undefined;
  return Math.round(parts.reduce((total, part) => total + Number(part[1]) * (UNIT_MS[part[2] ?? ''] ?? 0), 0));
}

/** The messages and error codes down the cause chain ("fetch failed: connect ECONNREFUSED … (ECONNREFUSED)"). */
function describeCause(cause: unknown): string {
  const parts: string[] = [];
  let current: unknown = cause;
  while (parts.length < 4 && current !== undefined) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as Error & { code?: unknown }).code;
    const text =
      typeof code === 'string' && !current.message.includes(code) ? `${current.message} (${code})` : current.message;
    if (text && !parts.includes(text)) parts.push(text);
    current = current.cause;
  }
  return parts.join(': ') || 'unknown failure';
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
