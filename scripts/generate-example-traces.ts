// Regenerates resources/example/traces/riverside.otlp.jsonl: the example's 36 recorded help-desk replies as OTLP/JSON
// lines, the way a Collector's file exporter writes them. Run: npm run traces:example (or pass another output path).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jsonRequest, type SpanSpec } from '../test/fixtures/otlp-builder';
import { replySpans } from './example-traces/conventions';
import type { Convention } from './example-traces/reply';
import { GENAI_REPLIES } from './example-traces/replies-genai';
import { OTHER_REPLIES } from './example-traces/replies-others';

const REPLIES = [...GENAI_REPLIES, ...OTHER_REPLIES];
const OUT =
  process.argv[2] ?? join(import.meta.dirname, '..', 'resources', 'example', 'traces', 'riverside.otlp.jsonl');
const MONDAY = Date.UTC(2026, 10, 16, 8, 0); // 2026-11-16 08:00 UTC

const SCOPES: Readonly<Record<Convention, { name: string; version: string }>> = {
  genai: { name: 'opentelemetry.instrumentation.openai_v2', version: '2.3b0' },
  genai_events: { name: 'azure.ai.inference', version: '1.0.0b9' },
  genai_legacy: { name: 'opentelemetry.instrumentation.openai', version: '0.30b0' },
  openinference: { name: 'openinference.instrumentation.openai', version: '0.1.32' },
  openllmetry: { name: 'opentelemetry.instrumentation.openai', version: '0.40.2' },
};
const RESOURCE = {
  'service.name': 'riverside-helpdesk',
  'service.version': '1.4.2',
  'deployment.environment.name': 'production',
};

const hex = (seed: string, chars: number) => createHash('sha256').update(seed).digest('hex').slice(0, chars);

/** Each reply gets a deterministic trace id and a time: spread over one week, in office hours. */
function traceOf(index: number): { spans: SpanSpec[]; convention: Convention } {
  const reply = REPLIES[index]!;
  const startMs = MONDAY + Math.floor(index / 6) * 86_400_000 + (index % 6) * 5_400_000 + ((index * 7919) % 600) * 1000;
  const start = BigInt(startMs) * 1_000_000n;
  const frame = {
    traceId: hex(`riverside-trace-${index}`, 32),
    spanId: (n: number) => hex(`riverside-span-${index}-${n}`, 16),
    at: (ms: number) => start + BigInt(ms) * 1_000_000n,
  };
  return { spans: replySpans(reply, frame), convention: reply.convention };
}

const line = (spans: SpanSpec[], convention: Convention) =>
  JSON.stringify(jsonRequest(spans, { attributes: RESOURCE, scope: SCOPES[convention] }));

const lines: string[] = [];
for (let i = 0; i < REPLIES.length; i++) {
  const { spans, convention } = traceOf(i);
  if (i === 12) {
    // An agent run exported in two batches: its children on one line, the root span (ending last) on the next.
    lines.push(line(spans.slice(0, -1), convention), line(spans.slice(-1), convention));
  } else if (i % 9 === 4 && i + 1 < REPLIES.length && REPLIES[i + 1]!.convention === convention) {
    // The exporter batched two traces that ended close together into one request.
    const next = traceOf(++i);
    lines.push(line([...spans, ...next.spans], convention));
  } else lines.push(line(spans, convention));
}

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `${lines.join('\n')}\n`);
console.log(`wrote ${REPLIES.length} replies on ${lines.length} lines to ${OUT}`);
