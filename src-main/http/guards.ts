// The HTTP shell's guards (SPEC 15): security headers, Host and Origin checks, exact content types, token comparison.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The UI's policy as a header (the meta tag cannot say frame-ancestors), plus the three headers SPEC 15 names. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
    "form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** The Host header names this loopback server (a page on another name, DNS rebinding, must not reach it). */
export function loopbackHost(req: IncomingMessage): boolean {
  return LOOPBACK_HOSTS.includes((req.headers.host ?? '').replace(/:\d+$/, ''));
}

/**
 * A state-changing call comes from this server's own pages or from no browser at all: an Origin (or
 * Sec-Fetch-Site) naming another site is refused, so another page in the user's browser cannot act with the cookie.
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return origin === `http://${req.headers.host ?? ''}`;
}

/** The media type of the request without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Compares a secret in constant time (no timing tells how much of a guess was right). */
export const equalSecrets = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `Authorization: Bearer <token>`, as scripts and OTEL_EXPORTER_OTLP_HEADERS send it. */
export const bearerMatches = (req: IncomingMessage, token: string): boolean => {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  return bearer !== undefined && equalSecrets(bearer, token);
};
