// The few web platform APIs the transports use, typed here because src-shared compiles without the DOM and Node
// libraries; browsers and Node 18+ provide all of them on globalThis (EventSource only in browsers).

export type FetchResponse = Readonly<{
  status: number;
  ok: boolean;
  arrayBuffer(): Promise<ArrayBuffer>;
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null;
}>;

export type FetchInit = Readonly<{
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  credentials?: 'same-origin' | 'include' | 'omit';
  signal?: unknown;
}>;

export type EventSourceLike = {
  onmessage: ((message: { data: string }) => void) | null;
  close(): void;
};

type Abort = { signal: unknown; abort(): void };

type WebGlobals = Readonly<{
  fetch(url: string, init?: FetchInit): Promise<FetchResponse>;
  structuredClone<T>(value: T): T;
  TextDecoder: new () => { decode(bytes: ArrayBuffer | Uint8Array, options?: { stream?: boolean }): string };
  AbortController: new () => Abort;
  EventSource?: new (url: string, init?: { withCredentials?: boolean }) => EventSourceLike;
}>;

export const web = globalThis as unknown as WebGlobals;
