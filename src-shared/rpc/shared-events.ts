// One source of events shared by a transport's listeners: opened at the first listener, each event decoded once and
// handed to every listener, closed after the last listener leaves.
import type { RpcTransport, WireEvent } from './wire';

/** `open` starts the source and returns how to stop it; it calls `deliver` once per event. */
export function sharedEvents(open: (deliver: (event: WireEvent) => void) => () => void): RpcTransport['onEvent'] {
  const listeners = new Set<(event: WireEvent) => void>();
  let close: (() => void) | undefined;
  const deliver = (event: WireEvent) => {
    for (const listener of listeners) listener(event);
  };
  return (cb) => {
    close ??= open(deliver);
    listeners.add(cb);
    return () => {
      listeners.delete(cb);
      if (listeners.size === 0) {
        close?.();
        close = undefined;
      }
    };
  };
}
