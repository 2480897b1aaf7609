// The decoded span: what every OTLP encoding (JSON, protobuf) becomes before it is stored and normalised.

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
export type DecodeProblem = Readonly<{ line: number | null; offset: number | null; message: string }>;

/** What decoding one request (a JSON line, a protobuf message) produced: its good spans and its bad ones. */
export type DecodedBatch = Readonly<{ spans: DecodedSpan[]; bad: number; problems: DecodeProblem[] }>;

/** Orders two nanosecond strings exactly without BigInt: decoders strip leading zeros, so length orders first. */
export const compareNs = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Nanoseconds (decimal string) to epoch milliseconds; exact through BigInt. */
export const nsToMs = (ns: string): number => Number(BigInt(ns) / 1_000_000n);

/** The difference of two nanosecond strings in milliseconds (fractions kept to the microsecond). */
export const nsDiffMs = (from: string, to: string): number => Number((BigInt(to) - BigInt(from)) / 1_000n) / 1000;
