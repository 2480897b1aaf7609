// A span as the trace import decodes it and the store keeps it: shared by the engine and the store, so neither
// imports the other for it.

/** An attribute value as plain JSON: OTLP AnyValue with arrays and key-value lists unwrapped. */
export type AttrValue = string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue };
export type Attrs = Record<string, AttrValue>;

export type SpanEvent = Readonly<{ name: string; timeNs: string; attributes: Attrs }>;

/** The span fields the review model reads (stored spans and freshly decoded ones both have them). */
export type SpanCore = Readonly<{
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
  droppedAttributes: number;
  droppedEvents: number;
}>;

/** A span as decoded from OTLP: its core with the trace it belongs to and what produced it. */
export type DecodedSpan = SpanCore &
  Readonly<{
    /** 32 lowercase hex digits. */
    traceId: string;
    resource: Attrs;
    scopeName: string | null;
    scopeVersion: string | null;
  }>;

/** A problem with one part of the input; `where` says which (line, byte offset, JSON path). */
