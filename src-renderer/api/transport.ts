// How the renderer reaches the service: the Electron preload bridge, or HTTP + SSE in a browser with big answers of
// long text parsed in a worker.
import { httpTransport, parseJsonBytes } from '../../src-shared/rpc/http-transport';
import type { EvalBridge, RpcTransport } from '../../src-shared/rpc/wire';
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

/** Objects per kilobyte (in the answer's first 16 KB) from which an answer is parsed on the page instead. */
const MANY_OBJECTS_PER_KB = 2;
const SAMPLE_BYTES = 16 * 1024;
const OPEN_BRACE = 0x7b;

/**
 * Whether the answer is mostly small objects (a matrix's cells) rather than long text (an answer). Copying many
 * objects back from the worker costs the page about as much as parsing them, and arrives later; a long string
 * crosses almost for free.
 */
function manySmallObjects(bytes: ArrayBuffer): boolean {
  const sample = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, SAMPLE_BYTES));
  let objects = 0;
  for (let at = sample.indexOf(OPEN_BRACE); at >= 0; at = sample.indexOf(OPEN_BRACE, at + 1)) objects += 1;
  return objects * 1024 > sample.length * MANY_OBJECTS_PER_KB;
}

async function parseAnswer(bytes: ArrayBuffer): Promise<unknown> {
  return bytes.byteLength > WORKER_PARSE_BYTES && !manySmallObjects(bytes)
    ? parseInWorker(bytes)
    : parseJsonBytes(bytes);
}

declare global {
  interface Window {
    evalBridge?: EvalBridge;
  }
}

/** The preload bridge (IPC) inside Electron; else `ai-eval serve`, whose token now travels as a same-site cookie. */
export function pickTransport(): RpcTransport {
  // A session that is gone (the cookie cleared, another server on the port) goes to the page that takes the API token.
  const signIn = () => window.location.assign(`/signin`);
  return (
    window.evalBridge ??
    httpTransport({ origin: window.location.origin, parseJson: parseAnswer, onUnauthorised: signIn })
  );
}
