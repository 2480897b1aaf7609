// The decoded span: what every OTLP encoding (JSON, protobuf) becomes before it is stored and normalised. Its types
// live in src-shared/model/span.ts (the store keeps them too); the decoders' batch and nanosecond helpers live here.
import type { DecodedSpan } from '../../../src-shared/model/span';

export type { AttrValue, Attrs, DecodedSpan, SpanCore, SpanEvent } from '../../../src-shared/model/span';

export type DecodeProblem = Readonly<{ line: number | null; offset: number | null; message: string }>;

/** What decoding one request (a JSON line, a protobuf message) produced: its good spans and its bad ones. */
export type DecodedBatch = Readonly<{ spans: DecodedSpan[]; bad: number; problems: DecodeProblem[] }>;

/** Orders two nanosecond strings exactly without BigInt: decoders strip leading zeros, so length orders first. */
export const compareNs = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Nanoseconds (decimal string) to epoch milliseconds; exact through BigInt. */
export const nsToMs = (ns: string): number => Number(BigInt(ns) / 1_000_000n);

/** The difference of two nanosecond strings in milliseconds (fractions kept to the microsecond). */
export const nsDiffMs = (from: string, to: string): number => Number((BigInt(to) - BigInt(from)) / 1_000n) / 1000;
