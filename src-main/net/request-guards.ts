// Checks of a request to a loopback server (docs/security.md), shared by `serve` and the OTLP receiver: the Host names this
// machine, the Origin is the server's own (or none), and the exact media type.
import type { IncomingMessage } from 'node:http';

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
  // Under Referrer-Policy: no-referrer a browser's form post says `Origin: null`; its Sec-Fetch-Site (which no page
  // can set) still tells that it came from this server's own page (the sign-in form).
  if (origin === 'null') return site === 'same-origin';
  return origin === `http://${req.headers.host ?? ''}`;
}

/** The media type of the request without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}
