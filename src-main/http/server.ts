// The HTTP shell (`ai-eval serve`): POST /rpc/<method>, GET /events (SSE), the built UI; loopback and a token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { EventHub } from '../../src-shared/rpc/events';
import type { Dispatch } from '../../src-shared/rpc/router';
import type { ErrorCode } from '../../src-shared/rpc/wire';
import type { Ctx } from '../app/ctx';

/** Extra routes other parts plug in (the OTLP receiver's POST /v1/traces). */
export type Route = Readonly<{
  method: string;
  path: string;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
}>;

export type HttpShellOptions = Readonly<{
  dispatch: Dispatch<Ctx>;
  events: EventHub;
  staticDir?: string;
  token?: string;
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
const COOKIE = 'aieval_token';

export const newToken = () => randomBytes(24).toString('base64url');

export function createHttpShell(options: HttpShellOptions): Server {
  const token = options.token;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: String(error) } });
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Guard against DNS rebinding: a page on another name must not reach this loopback server.
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
      return sendJson(res, 403, error('bad_input', 'Unexpected Host header.'));
    const route = options.routes?.find((r) => r.method === req.method && r.path === url.pathname);
    if (route) return route.handle(req, res);
    if (url.pathname.startsWith('/rpc/') || url.pathname === '/events') {
      if (token && !authorised(req, url, token))
        return sendJson(
          res,
          401,
          error('bad_input', 'Missing or wrong token: open the URL that `ai-eval serve` printed.'),
        );
      if (url.pathname === '/events') return streamEvents(req, res, options.events);
      if (req.method !== 'POST') return sendJson(res, 405, error('bad_input', 'Use POST for /rpc calls.'));
      return rpc(req, res, decodeURIComponent(url.pathname.slice('/rpc/'.length)));
    }
    if (token && url.searchParams.get('token') === token) {
      // Trade the token in the URL for a same-site cookie, so fetch and EventSource carry it.
      res.setHeader('Set-Cookie', `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    }
    return serveStatic(res, url.pathname);
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, error('bad_input', 'Send the input as application/json.'));
    }
    let input: unknown;
    try {
      const body = await readBody(req, options.maxBodyBytes ?? 64 * 1024 * 1024);
      input = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch (reason) {
      return sendJson(
        res,
        400,
        error('bad_input', `The body is not valid JSON: ${reason instanceof Error ? reason.message : String(reason)}`),
      );
    }
    const envelope = await options.dispatch(method, input, { transport: 'http' });
    sendJson(res, envelope.ok ? 200 : STATUS[envelope.error.code], envelope);
  }

  function serveStatic(res: ServerResponse, pathname: string): void {
    const root = options.staticDir;
    if (!root || !existsSync(join(root, 'index.html'))) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('The UI is not built: run `npm run build:web`.');
      return;
    }
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
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

function authorised(req: IncomingMessage, url: URL, token: string): boolean {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const cookie = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === COOKIE)?.[1];
  const given = bearer ?? cookie ?? url.searchParams.get('token') ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function streamEvents(req: IncomingMessage, res: ServerResponse, events: EventHub): void {
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

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error(`body larger than ${limit} bytes`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const error = (code: ErrorCode, message: string) => ({ ok: false, error: { code, message } });
