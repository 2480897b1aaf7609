// A span as the trace import decodes it and the store keeps it: shared by the engine and the store, so neither
// imports the other for it.

/** An attribute value as plain JSON: OTLP AnyValue with arrays and key-value lists unwrapped. */
export type AttrValue = string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue };
export type Attrs = Record<string, AttrValue>;

export type SpanEvent = Readonly<{ name: string; timeNs: string; attributes: Attrs }>;

export type DecodedSpan = Readonly<{
  /** 32 lowercase hex digits. */
  traceId: string;
  /** 16 lowercase hex digits. */
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: number;
  /** Nanoseconds since the epoch as a decimal string; never a JS number (it exceeds 2^53). */
  startNs: string;
  endNs: string;
  statusCode: number;
  statusMessage: string | null;
  attributes: Attrs;
  events: readonly SpanEvent[];
  resource: Attrs;
  scopeName: string | null;
  scopeVersion: string | null;
  droppedAttributes: number;
  droppedEvents: number;
}>;

/** The span fields the review model reads (stored spans and freshly decoded ones both have them). */
export type SpanCore = Readonly<{
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: number;
  startNs: string;
  endNs: string;
  statusCode: number;
  statusMessage: string | null;
  attributes: Attrs;
  events: readonly SpanEvent[];
  droppedAttributes: number;
  droppedEvents: number;
}>;

/** A problem with one part of the input; `where` says which (line, byte offset, JSON path). */
