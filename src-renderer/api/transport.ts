// The two ways the renderer reaches the service: the Electron preload bridge, or HTTP + SSE in a browser.
import type { Envelope, EvalBridge, WireEvent } from '../../src-shared/rpc/wire';

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
      const body = (await response.json().catch(() => null)) as Envelope | null;
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
