// The HTTP shell (`ai-eval serve`): POST /rpc/<method>, GET /events (SSE), GET /download/export.zip, the built UI;
// loopback, a token, the guards of docs/security.md.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { Contract } from '../../src-shared/contract';
import type { EventHub } from '../../src-shared/rpc/events';
import type { Dispatch } from '../../src-shared/rpc/router';
import type { ErrorCode } from '../../src-shared/rpc/wire';
import type { Ctx } from '../../src-shared/rpc/ctx';
import { BodyTooLarge, closeAfterAnswer, readCappedBody } from '../net/capped-body';
import { bearerMatches, equalSecrets } from '../net/bearer';
import { loopbackHost, mediaType, sameOrigin } from '../net/request-guards';
import { SECURITY_HEADERS } from './guards';
import { handleSignIn, sendSignInPage, SIGN_IN_PATH } from './sign-in';

/** Extra routes other parts plug in (the OTLP receiver's POST /v1/traces). */
export type Route = Readonly<{
  method: string;
  path: string;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
  /** Told the shell's origin once it listens (the receiver's status names the URL). */
  mountedOn?(origin: string): void;
}>;

export type HttpShellOptions = Readonly<{
  dispatch: Dispatch<Ctx>;
  events: EventHub<Contract>;
  staticDir?: string;
  /** The API token: `Authorization: Bearer` on /rpc, /events and the routes (OTLP exporters), and the cookie's value. */
  token?: string;
  /** The token in the printed URL: exchanged once for the cookie, then refused (docs/security.md). */
  urlToken?: string;
  routes?: readonly Route[];
  maxBodyBytes?: number;
}>;

const STATUS: Record<ErrorCode, number> = {
  bad_input: 400,
  not_found: 404,
  conflict: 409,
  invalid_workspace: 422,
  unavailable: 503,
  internal: 500,
};
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};
/**
 * The session cookie's name carries the server's port: browsers share cookies across the ports of one host, so two
 * `ai-eval serve` on different ports would otherwise overwrite each other's cookie and lock each other out.
 */
export const sessionCookieName = (port: number) => `aieval_token_${port}`;
/** The browser's download of an export: `?file=` per file `export.run` wrote, answered as a zip attachment. */
export const EXPORT_DOWNLOAD_PATH = '/download/export.zip';

export const newToken = () => randomBytes(24).toString('base64url');

export function createHttpShell(options: HttpShellOptions): Server {
  const token = options.token;
  let urlToken = options.urlToken;
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: String(error) } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = parseUrl(req.url ?? '/');
    if (!parsed) return sendJson(res, 400, error('bad_input', 'Malformed URL.'));
    const { url, pathname } = parsed;
    // Guard against DNS rebinding: a page on another name must not reach this loopback server.
    if (!loopbackHost(req)) return sendJson(res, 403, error('bad_input', 'Unexpected Host header.'));
    const stateChanging = req.method !== 'GET' && req.method !== 'HEAD';
    if (stateChanging && !sameOrigin(req))
      return sendJson(res, 403, error('bad_input', 'Cross-origin requests are refused.'));
    const route = options.routes?.find((r) => r.method === req.method && r.path === pathname);
    if (route) {
      // OTLP exporters send the token as OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer TOKEN".
      if (token && !bearerMatches(req, token))
        return sendJson(res, 401, error('bad_input', 'Missing or wrong token: send Authorization: Bearer TOKEN.'));
      return route.handle(req, res);
    }
    if (pathname.startsWith('/rpc/') || pathname === '/events' || pathname === EXPORT_DOWNLOAD_PATH) {
      if (token && !authorised(req, token))
        return sendJson(
          res,
          401,
          error('bad_input', `Not signed in: open ${SIGN_IN_PATH} and paste the API token \`ai-eval serve\` printed.`),
        );
      if (pathname === '/events') return streamEvents(req, res, options.events);
      if (pathname === EXPORT_DOWNLOAD_PATH) return download(req, res, url.searchParams.getAll('file'));
      if (req.method !== 'POST') return sendJson(res, 405, error('bad_input', 'Use POST for /rpc calls.'));
      return rpc(req, res, pathname.slice('/rpc/'.length));
    }
    const cookieOf = (value: string) =>
      `${sessionCookieName(req.socket.localPort ?? 0)}=${value}; HttpOnly; SameSite=Strict; Path=/`;
    if (token && pathname === SIGN_IN_PATH) {
      if (req.method === 'POST') return handleSignIn(req, res, token, cookieOf);
      return authorised(req, token) ? redirectTo(res, '/') : sendSignInPage(res, 'no-session');
    }
    const offered = url.searchParams.get('token');
    if (token && offered !== null) {
      // A used link in a browser that already holds this server's cookie just opens the app.
      if (authorised(req, token)) return redirectTo(res, pathname);
      // A used (or wrong) link: the page that takes the API token, so no restart is needed.
      if (!urlToken || !equalSecrets(offered, urlToken)) return sendSignInPage(res, 'used-link', pathname);
      // Trade the one-time token in the URL for a same-site cookie (fetch and EventSource carry it), then forget it.
      urlToken = undefined;
      return redirectTo(res, pathname, { 'Set-Cookie': cookieOf(token) });
    }
    // The app itself only for a browser with a session: the others get the way in, not an app whose calls all fail.
    if (token && !authorised(req, token) && isAppPage(options.staticDir, pathname))
      return sendSignInPage(res, 'no-session', pathname);
    return serveStatic(res, pathname);
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    if (mediaType(req) !== 'application/json')
      return sendJson(res, 415, error('bad_input', 'Send the input as application/json.'));
    if ((req.headers['content-encoding'] ?? 'identity') !== 'identity')
      return sendJson(res, 415, error('bad_input', 'Send the input uncompressed.'));
    let input: unknown;
    try {
      const limit = options.maxBodyBytes ?? 64 * 1024 * 1024;
      const body = await readCappedBody(req, { limit, inflatedLimit: limit, gzip: false });
      input = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch (reason) {
      if (reason instanceof BodyTooLarge) {
        closeAfterAnswer(req, res);
        return sendJson(res, 413, error('bad_input', `Payload too large: ${reason.message}.`));
      }
      return sendJson(
        res,
        400,
        error('bad_input', `The body is not valid JSON: ${reason instanceof Error ? reason.message : String(reason)}`),
      );
    }
    const envelope = await options.dispatch(method, input, { transport: 'http' });
    sendJson(res, envelope.ok ? 200 : STATUS[envelope.error.code], envelope);
  }

  /** A link the UI follows (the cookie, same origin only): the export's files as one zip, via `export.archive`. */
  async function download(req: IncomingMessage, res: ServerResponse, files: string[]): Promise<void> {
    if (req.method !== 'GET') return sendJson(res, 405, error('bad_input', 'Use GET for downloads.'));
    // A download reads files: like a state-changing call, another site's page may not trigger it with the cookie.
    if (!sameOrigin(req)) return sendJson(res, 403, error('bad_input', 'Cross-origin requests are refused.'));
    const envelope = await options.dispatch('export.archive', { files }, { transport: 'http' });
    if (!envelope.ok) return sendJson(res, STATUS[envelope.error.code], envelope);
    const { name, base64 } = envelope.value as { name: string; base64: string };
    const zip = Buffer.from(base64, 'base64');
    res.writeHead(200, {
      'Content-Type': 'application/zip',
      'Content-Length': zip.length,
      'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    });
    res.end(zip);
  }

  function serveStatic(res: ServerResponse, pathname: string): void {
    const root = options.staticDir;
    if (!root || !existsSync(join(root, 'index.html'))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('The UI is not built: run `npm run build:web`.');
      return;
    }
    const relative = normalize(pathname).replace(/^([/\\])+/, '');
    let file = join(root, relative);
    if (!file.startsWith(root + sep) && file !== root) return void res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    const headers: Record<string, string> = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' };
    if (file.endsWith('index.html')) headers['Cache-Control'] = 'no-store';
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  }

  return server;
}

/** A path the UI answers with its index.html (the app's pages), not one of its files (scripts, styles, fonts). */
function isAppPage(root: string | undefined, pathname: string): boolean {
  if (!root) return false;
  const file = join(root, normalize(pathname).replace(/^([/\\])+/, ''));
  return !existsSync(file) || statSync(file).isDirectory() || file.endsWith('index.html');
}

/** The request's path decoded, or undefined for a URL that cannot be parsed or decoded (answered 400). */
function parseUrl(raw: string): { url: URL; pathname: string } | undefined {
  try {
    const url = new URL(raw, 'http://127.0.0.1');
    return { url, pathname: decodeURIComponent(url.pathname) };
  } catch {
    return undefined;
  }
}

/** The Bearer header (scripts, tests) or the cookie the URL token was traded for (the UI); never a query parameter. */
function authorised(req: IncomingMessage, token: string): boolean {
  if (bearerMatches(req, token)) return true;
  const name = sessionCookieName(req.socket.localPort ?? 0);
  const cookie = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
  return cookie !== undefined && equalSecrets(cookie, token);
}

function streamEvents(req: IncomingMessage, res: ServerResponse, events: EventHub<Contract>): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  // Unnamed SSE messages carrying {name, payload}: one `onmessage` handler sees every event.
  res.write(': connected\n\n');
  const unsubscribe = events.subscribe((name, payload) => res.write(`data: ${JSON.stringify({ name, payload })}\n\n`));
  // A comment every 15 s keeps proxies and idle timers from closing the stream.
  const heartbeat = setInterval(() => res.write(': ping\n\n'), 15000);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

/** A 303 to the path without its query (the token leaves the address bar and the history). */
function redirectTo(res: ServerResponse, pathname: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { ...headers, Location: pathname, 'Cache-Control': 'no-store' }).end();
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const error = (code: ErrorCode, message: string) => ({ ok: false, error: { code, message } });
