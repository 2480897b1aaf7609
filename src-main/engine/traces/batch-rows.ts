// Turns decoded spans into what the store writes: span rows with their JSON serialised, and the review item of each
// trace as far as the batch shows it (the store keeps it only when the batch holds the whole trace).
import type { ReviewItemRecord } from '../../../src-shared/model';
import type { ItemInsert } from '../../store/repos/review-items.writer';
import type { SpanInsert } from '../../store/repos/traces.repo';
import { buildReviewItem } from './build-review-item';
import { classifySpan } from './conventions/detect';
import type { DecodedSpan, SpanCore } from './span';

export type BatchRows = Readonly<{ spans: SpanInsert[]; items: ItemInsert[] }>;

/**
 * `continued`: traces an earlier batch of the same import wrote part of. The store rebuilds their item from every span
 * it holds, so none is built here: building one per batch of a long trace costs as much again as the rebuild.
 */
export function batchRows(
  spans: readonly DecodedSpan[],
  sourceFile: string | null,
  importedAt: number,
  continued: ReadonlySet<string> = new Set(),
): BatchRows {
  const rows: SpanInsert[] = [];
  // By trace, then by span id: a span repeated within the batch is stored once, so it counts once in the item.
  const byTrace = new Map<string, Map<string, SpanCore>>();
  // The spans of one resource share its attributes object: serialise it once.
  let lastResource: object | undefined;
  let resourceJson = '';
  for (const span of spans) {
    if (span.resource !== lastResource) {
      lastResource = span.resource;
      resourceJson = JSON.stringify(span.resource);
    }
    const found = classifySpan(span.attributes, span.events);
    // Fields named one by one: object rest and spread cost several times more here, on every span of an import.
    rows.push({
      traceId: span.traceId,
      spanId: span.spanId,
      parentSpanId: span.parentSpanId,
      name: span.name,
      kind: span.kind,
      startNs: span.startNs,
      endNs: span.endNs,
      statusCode: span.statusCode,
      statusMessage: span.statusMessage,
      scopeName: span.scopeName,
      scopeVersion: span.scopeVersion,
      droppedAttributes: span.droppedAttributes,
      droppedEvents: span.droppedEvents,
      convention: found.convention,
      isLlm: found.role === 'llm' ? 1 : 0,
      attributesJson: JSON.stringify(span.attributes),
      eventsJson: span.events.length ? JSON.stringify(span.events) : null,
      resourceJson,
      sourceFile,
      importedAt,
    });
    const trace = byTrace.get(span.traceId);
    if (trace) trace.set(span.spanId, span);
    else byTrace.set(span.traceId, new Map([[span.spanId, span]]));
  }
  const items: ItemInsert[] = [];
  for (const [traceId, traceSpans] of byTrace) {
    if (continued.has(traceId)) continue;
    const item = buildReviewItem(traceId, [...traceSpans.values()]);
    if (item) items.push(itemInsert(item, importedAt));
  }
  return { spans: rows, items };
}

/**
 * The item's row: its structured parts as JSON, truncated and captured as SQLite's 0/1, latency in whole ms. Its
 * conversation is left out: the detail rebuilds it from the spans (reviewItemDetail).
 */
export function itemInsert(item: ReviewItemRecord, importedAt: number): ItemInsert {
  return {
    id: item.id,
    traceId: item.traceId,
    spanId: item.spanId,
    conversationId: item.conversationId,
    agentRunId: item.agentRunId,
    groupKey: item.groupKey,
    model: item.model,
    provider: item.provider,
    convention: item.convention,
    inputText: item.inputText,
    outputText: item.outputText,
    toolCalls: JSON.stringify(item.toolCalls),
    llmCalls: item.llmCalls,
    inputTokens: item.inputTokens,
    outputTokens: item.outputTokens,
    finishReason: item.finishReason,
    truncated: item.truncated ? 1 : 0,
    captured: item.captured ? 1 : 0,
    status: item.status,
    statusMessage: item.statusMessage,
    flags: JSON.stringify(item.flags),
    startedAt: item.startedAt,
    latencyMs: item.latencyMs === null ? null : Math.round(item.latencyMs),
    importedAt,
  };
}
