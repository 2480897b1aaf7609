// Test helpers: builds a trace's spans through the OTLP/JSON encoding and normalises it into its review item.
import { buildReviewItem } from '../../../../src-main/engine/traces/build-review-item';
import { decodeJsonRequest } from '../../../../src-main/engine/traces/decode/otlp-json';
import { readOtlpFile, type FileBatch } from '../../../../src-main/engine/traces/decode/read-otlp-file';
import type { LlmCall } from '../../../../src-main/engine/traces/llm-call';
import type { DecodedSpan, SpanCore } from '../../../../src-main/engine/traces/span';
import { jsonRequest, type SpanSpec } from '../../../fixtures/otlp-builder';

export const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
export const T0 = 1_767_225_600_000_000_000n; // 2026-01-01T00:00:00Z in ns

/** A span of the test trace; times are milliseconds after T0. */
export function s(spanId: number, name: string, fromMs: number, toMs: number, extra: Partial<SpanSpec> = {}): SpanSpec {
  return {
    traceId: TRACE_ID,
    spanId: spanId.toString(16).padStart(16, '0'),
    name,
    startNs: T0 + BigInt(fromMs) * 1_000_000n,
    endNs: T0 + BigInt(toMs) * 1_000_000n,
    ...extra,
  };
}

export const parent = (spanId: number) => spanId.toString(16).padStart(16, '0');

export function decode(specs: SpanSpec[]): DecodedSpan[] {
  const { spans, problems } = decodeJsonRequest(jsonRequest(specs), 1);
  if (problems.length) throw new Error(problems.map((p) => p.message).join('; '));
  return spans;
}

export const itemOf = (specs: SpanSpec[]) => buildReviewItem(TRACE_ID, decode(specs));

/** Reads a trace file through `readOtlpFile` to its end: the span names, the bad count and every problem. */
export async function readWholeFile(
  path: string,
): Promise<{ names: string[]; bad: number; problems: FileBatch['problems'] }> {
  const names: string[] = [];
  const problems: FileBatch['problems'][number][] = [];
  let bad = 0;
  for await (const batch of readOtlpFile(path)) {
    names.push(...batch.spans.map((s) => s.name));
    bad += batch.bad;
    problems.push(...batch.problems);
  }
  return { names, bad, problems };
}

/** 16 hex digits of `n`: a span id. */
export const hex = (n: number) => n.toString(16).padStart(16, '0');

/** A stored span `n` (ids from its number, 1 µs apart) under `parent`, as the review item builder reads it. */
export const coreSpan = (n: number, parent: number | null, attributes: SpanCore['attributes'] = {}): SpanCore => ({
  spanId: hex(n),
  parentSpanId: parent === null ? null : hex(parent),
  name: `span ${n}`,
  kind: 1,
  startNs: String(1_767_225_600_000_000_000n + BigInt(n) * 1000n),
  endNs: String(1_767_225_600_000_000_000n + BigInt(n) * 1000n + 500n),
  statusCode: 0,
  statusMessage: null,
  attributes,
  events: [],
  droppedAttributes: 0,
  droppedEvents: 0,
});

/** An LLM call on `span` with nothing recorded but what `fields` give. */
export const llmCall = (span: SpanCore, fields: Partial<LlmCall> = {}): LlmCall => ({
  span,
  provider: null,
  model: null,
  input: undefined,
  output: undefined,
  system: null,
  finishReasons: [],
  inputTokens: null,
  outputTokens: null,
  streaming: false,
  cut: false,
  error: null,
  ...fields,
});
