// The HTTP transport for `ai-eval serve`: POST /rpc/<method> with a JSON body, events over SSE from GET /events.
// The browser's token travels as the same-site cookie; a script or test passes it as a Bearer token instead.
import { web, type EventSourceLike, type FetchResponse } from './web-apis';
import { sharedEvents } from './shared-events';
import type { Envelope, RpcTransport, WireEvent } from './wire';
import { messageOf } from '../text/message-of';

export type HttpTransportOptions = Readonly<{
  /** The server's origin, e.g. `http://127.0.0.1:4318`. */
  origin: string;
  /** Sent as `Authorization: Bearer`; without it the browser's cookie authorises the calls. */
  token?: string;
  /** Parses an answer's bytes, null when they are not JSON (the renderer parses big answers in a worker). */
  parseJson?: (bytes: ArrayBuffer) => Promise<unknown>;
  /** Called when the server answers 401 (the session is gone): the browser goes to the sign-in page. */
  onUnauthorised?: () => void;
}>;

export function httpTransport(options: HttpTransportOptions): RpcTransport {
  const { origin, token } = options;
  const parseJson = options.parseJson ?? (async (bytes: ArrayBuffer) => parseJsonBytes(bytes));
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return {
    async invoke(method, input) {
      let response: FetchResponse;
      try {
        response = await web.fetch(`${origin}/rpc/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(input ?? {}),
        });
      } catch (error) {
        const reason = messageOf(error);
        return {
          ok: false,
          error: { code: 'unavailable', message: `The server at ${origin} is unreachable: ${reason}` },
        };
      }
      if (response.status === 401) options.onUnauthorised?.();
      const body = (await response.arrayBuffer().then(parseJson, () => null)) as Envelope | null;
      return (
        body ?? {
          ok: false,
          error: { code: 'unavailable', message: `The server answered ${response.status} without a result.` },
        }
      );
    },
    onEvent: sharedEvents((deliver) => {
      const stream = openEvents(`${origin}/events`, headers, (data) => deliver(JSON.parse(data) as WireEvent));
      return () => stream.close();
    }),
  };
}

/** The JSON value of UTF-8 bytes, or null when they are not JSON. */
export function parseJsonBytes(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new web.TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** The browser's EventSource (it carries the cookie and reconnects); else SSE read from a fetch stream (Node, tokens). */
function openEvents(url: string, headers: Record<string, string>, deliver: (data: string) => void): EventSourceLike {
  if (web.EventSource && !headers.Authorization) {
    const source = new web.EventSource(url, { withCredentials: true });
    source.onmessage = (message) => deliver(message.data);
    return source;
  }
  const abort = new web.AbortController();
  const stream: EventSourceLike = { onmessage: null, close: () => abort.abort() };
  void readEventStream(url, headers, abort.signal, deliver).catch(() => undefined);
  return stream;
}

/** Reads `data:` lines of an SSE stream until it ends or is aborted; comments (`: ping`) are skipped. */
async function readEventStream(
  url: string,
  headers: Record<string, string>,
  signal: unknown,
  deliver: (data: string) => void,
): Promise<void> {
  const response = await web.fetch(url, { headers, credentials: 'same-origin', signal });
  const reader = response.body?.getReader();
  if (!response.ok || !reader) return;
  const decoder = new web.TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value ?? new Uint8Array(), { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) deliver(data);
    }
  }
}
