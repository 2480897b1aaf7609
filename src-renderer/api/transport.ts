// The two ways the renderer reaches the service: the Electron preload bridge, or HTTP + SSE in a browser.
import type { Envelope, EvalBridge, WireEvent } from '../../src-shared/rpc/wire';
import JsonWorker from './json.worker?worker';

/** Answers larger than this are parsed in a worker, so a long model answer never holds the page. */
const WORKER_PARSE_BYTES = 128 * 1024;

/** Parses JSON bytes in one shared worker; resolves null when they are not JSON. */
const parseInWorker = (() => {
  let worker: Worker | undefined;
  let next = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  return (bytes: ArrayBuffer): Promise<unknown> => {
    if (!worker) {
      worker = new JsonWorker();
      worker.onmessage = (event: MessageEvent<{ id: number; value: unknown }>) => {
        waiting.get(event.data.id)?.(event.data.value);
        waiting.delete(event.data.id);
      };
    }
    const id = next++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker!.postMessage({ id, bytes }, [bytes]);
    });
  };
})();

async function readEnvelope(response: Response): Promise<Envelope | null> {
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > WORKER_PARSE_BYTES) return (await parseInWorker(bytes)) as Envelope | null;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as Envelope;
  } catch {
    return null;
  }
}

declare global {
  interface Window {
    evalBridge?: EvalBridge;
  }
}

/** HTTP transport for `ai-eval serve`: the token arrived in the URL once and now travels as a same-site cookie. */
export function httpTransport(origin: string): EvalBridge {
  const listeners = new Set<(event: WireEvent) => void>();
  let source: EventSource | undefined;
  return {
    async invoke(method, input) {
      const response = await fetch(`${origin}/rpc/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(input ?? {}),
      });
      const body = await readEnvelope(response).catch(() => null);
      return (
        body ?? {
          ok: false,
          error: { code: 'unavailable', message: `The server answered ${response.status} without a result.` },
        }
      );
    },
    onEvent(cb) {
      if (!source) {
        source = new EventSource(`${origin}/events`, { withCredentials: true });
        source.onmessage = (message: MessageEvent<string>) => {
          const event = JSON.parse(message.data) as WireEvent;
          for (const listener of listeners) listener(event);
        };
      }
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
}

export function pickTransport(): EvalBridge {
  return window.evalBridge ?? httpTransport(window.location.origin);
}
