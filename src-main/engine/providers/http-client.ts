// A small HTTP client over node:http(s) with keep-alive, for the adapters that speak plain JSON (Ollama, external agents).
// Why not fetch: undici's fetch costs several times the CPU per request, and every request's objects (Request,
// AbortController, body streams, held through WeakRefs and a FinalizationRegistry) survive the young generation, so
// a long run's heap fills with garbage that only a full GC frees (bench/README.md, "Runs").
import http from 'node:http';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import type { HeaderLookup } from './provider-errors';

export type HttpAnswer = Readonly<{ status: number; ok: boolean; text: string; headers: HeaderLookup }>;

export type HttpRequest = Readonly<{
  method: 'GET' | 'POST';
  headers: Readonly<Record<string, string>>;
  body?: string;
  signal: AbortSignal;
}>;

type Transport = Readonly<{ request: typeof http.request; agent: http.Agent }>;

// Idle sockets are unref'd by the agent, so a kept-alive connection never holds the process open.
const plain: Transport = { request: http.request, agent: new http.Agent({ keepAlive: true }) };
let secure: Transport | undefined;

/** node:https is loaded at the first https request: a run on a local Ollama never needs TLS. */
async function transportFor(protocol: string): Promise<Transport> {
  if (protocol === 'http:') return plain;
  if (!secure) {
    const https = await import('node:https');
    secure = { request: https.request, agent: new https.Agent({ keepAlive: true }) };
  }
  return secure;
}

/**
 * Sends one request and reads the whole answer as text. Rejects with the signal's reason on abort, and with the
 * socket's error (ECONNREFUSED, ECONNRESET, "aborted" for a cut-off body) otherwise. A request that went out on a
 * kept-alive socket the server had just closed is sent once more on a fresh one, as Node's documentation advises.
 */
export async function httpRequest(url: string, request: HttpRequest): Promise<HttpAnswer> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new TypeError(`unsupported protocol ${target.protocol} in ${url} (use http or https)`);
  const transport = await transportFor(target.protocol);
  try {
    return await sendOnce(target, request, transport);
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    return sendOnce(target, request, transport);
  }
}

/** A kept-alive socket was reset before any answer came: the server closed it while it sat idle. */
class StaleSocketError extends Error {}

function sendOnce(target: URL, request: HttpRequest, transport: Transport): Promise<HttpAnswer> {
  const { signal } = request;
  signal.throwIfAborted();
  return new Promise<HttpAnswer>((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers, 'accept-encoding': 'gzip, deflate, br' };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const req = transport.request(target, { method: request.method, headers, agent: transport.agent });
    let answered = false;
    const onAbort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: () => void) => {
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    req.on('error', (error: NodeJS.ErrnoException) => {
      const stale = !answered && req.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted;
      settle(() => reject(signal.aborted ? signal.reason : stale ? new StaleSocketError(error.message) : error));
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => settle(() => reject(signal.aborted ? signal.reason : error)));
      res.on('end', () =>
        settle(() => {
          try {
            const status = res.statusCode ?? 0;
            const text = decode(Buffer.concat(chunks), res.headers['content-encoding']);
            resolve({ status, ok: status >= 200 && status < 300, text, headers: headerLookup(res.headers) });
          } catch (error) {
            reject(error);
          }
        }),
      );
    });
    req.end(request.body);
  });
}

/** The body as UTF-8 text, decompressed per Content-Encoding (a proxy may compress even a local answer). */
function decode(body: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body).toString('utf8');
    case 'deflate':
      return inflateSync(body).toString('utf8');
    case 'br':
      return brotliDecompressSync(body).toString('utf8');
    default:
      return body.toString('utf8');
  }
}

function headerLookup(headers: http.IncomingHttpHeaders): HeaderLookup {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
