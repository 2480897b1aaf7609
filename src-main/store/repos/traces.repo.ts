// Imported spans and their review items: batched idempotent inserts, the rebuild queue, and the reads of one trace.
import type { Convention, ReviewItemDetail, ReviewItemRecord, SpanContext } from '../../../src-shared/model';
import type { DecodedSpan, SpanCore } from '../../engine/traces/span';
import { BackgroundCheckpoints } from '../background-checkpoints';
import type { Db } from '../db';
import { ITEM_COLUMNS, toReviewItem, type ReviewItemRow } from './review-item-row';

/** A decoded span as stored: what the importer worked out about it, its JSON already serialised (the statement's parameters). */
export type SpanInsert = Readonly<
  Omit<DecodedSpan, 'attributes' | 'events' | 'resource'> & {
    convention: Convention | null;
    isLlm: 0 | 1;
    attributesJson: string;
    eventsJson: string | null;
    resourceJson: string;
    sourceFile: string | null;
    importedAt: number;
  }
>;

/** A review item as stored: its structured parts serialised, flags as 0/1 (the statement's parameters). */
export type ItemInsert = Readonly<
  Omit<ReviewItemRecord, RebuiltFromSpans | 'toolCalls' | 'flags' | 'truncated' | 'captured'> & {
    toolCalls: string;
    flags: string;
    truncated: 0 | 1;
    captured: 0 | 1;
    importedAt: number;
  }
>;

/** The item's conversation: not stored with it, but rebuilt from its trace's spans when the item is opened. */
type RebuiltFromSpans = 'systemText' | 'input' | 'output';

/** A stored review item with its span context: the detail but for the conversation. */
export type StoredItemDetail = Omit<ReviewItemDetail, RebuiltFromSpans>;

export type InsertOutcome = Readonly<{
  inserted: number;
  skipped: number;
  /** Traces whose stored spans all arrived in this batch. */
  newTraces: number;
  /** Review items written with the spans (their traces arrived whole in this batch). */
  itemsWritten: number;
  /** Traces that continue spans stored before: queued, their items to be rebuilt from the store. */
  queued: string[];
}>;

/** A trace of the batch being inserted: its number, whether the batch brought its first spans, and whether it gained any. */
type BatchTrace = { seq: number; isNew: boolean; grew: boolean };

type SpanRow = {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: number | null;
  start_ns: string;
  end_ns: string;
  status_code: number | null;
  status_message: string | null;
  convention: Convention | null;
  is_llm: number;
  attributes_json: string;
  events_json: string | null;
  dropped_attributes: number;
  dropped_events: number;
};

const SPAN_COLUMNS = `span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, status_message, convention, is_llm,
  attributes_json, events_json, dropped_attributes, dropped_events`;

const toSpanCore = (r: SpanRow): SpanCore => ({
  spanId: r.span_id,
  parentSpanId: r.parent_span_id,
  name: r.name,
  kind: r.kind ?? 0,
  startNs: r.start_ns,
  endNs: r.end_ns,
  statusCode: r.status_code ?? 0,
  statusMessage: r.status_message,
  attributes: JSON.parse(r.attributes_json) as SpanCore['attributes'],
  events: r.events_json ? (JSON.parse(r.events_json) as SpanCore['events']) : [],
  droppedAttributes: r.dropped_attributes,
  droppedEvents: r.dropped_events,
});

/**
 * The page cache of a large import (KiB, as SQLite's negative cache_size): SQLite's 2 MiB held too little of the
 * indexes a batch writes into, so pages were read again and spilled to the WAL in mid-transaction; 32 MiB cut the
 * CPU of writing 570,000 spans (their rows decoded beforehand) by about a sixth. The import ends by giving it back.
 */
const BULK_CACHE_SIZE = -32 * 1024;

export class TracesRepo {
  private readonly insertSpan;
  private readonly addTrace;
  private readonly seqOf;
  private readonly enqueue;
  private readonly dequeue;
  private readonly pending;
  private readonly groupOf;
  private readonly refreshGroup;
  private readonly dropEmptyGroup;
  private readonly raiseGroup;
  private readonly spansOf;
  private readonly upsertItem;
  private readonly itemById;
  private readonly counts;
  private readonly stamped;
  private checkpoints: BackgroundCheckpoints | undefined;
  private readonly cacheSize: number;

  constructor(private readonly db: Db) {
    this.cacheSize = db.pragma('cache_size', { simple: true }) as number;
    // INSERT OR IGNORE on the (trace_seq, span_id) key is what makes a re-import idempotent. Its parameters are
    // positional (insertSpanRow): binding 20 named ones from an object cost a fifth more, on every span of an import.
    this.insertSpan = db.prepare<unknown[]>(
      `INSERT OR IGNORE INTO spans (trace_seq, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, status_message,
         convention, is_llm, attributes_json, resource_json, events_json, source_file, imported_at, scope_name, scope_version,
         dropped_attributes, dropped_events)
       VALUES (${Array(20).fill('?').join(', ')})`,
    );
    this.addTrace = db.prepare<[string]>('INSERT OR IGNORE INTO traces (trace_id) VALUES (?)');
    this.seqOf = db.prepare<[string], number>('SELECT seq FROM traces WHERE trace_id = ?').pluck();
    this.enqueue = db.prepare<{ traceId: string }>('INSERT OR IGNORE INTO trace_rebuilds (trace_id) VALUES (@traceId)');
    this.dequeue = db.prepare<{ traceId: string }>('DELETE FROM trace_rebuilds WHERE trace_id = @traceId');
    this.pending = db.prepare<{ limit: number }, string>('SELECT trace_id FROM trace_rebuilds LIMIT @limit').pluck();
    this.groupOf = db.prepare<{ id: string }, string>('SELECT group_key FROM review_items WHERE id = @id').pluck();
    // A group's order is its latest start (-1: none). The SELECT's WHERE lets the upsert follow it (SQLite's parsing
    // rule), and GROUP BY makes it yield no row, so no group, when the group has no items left.
    this.refreshGroup = db.prepare<{ groupKey: string }>(
      `INSERT INTO review_groups (group_key, group_at)
         SELECT group_key, COALESCE(MAX(started_at), -1) FROM review_items WHERE group_key = @groupKey GROUP BY group_key
       ON CONFLICT (group_key) DO UPDATE SET group_at = excluded.group_at`,
    );
    this.raiseGroup = db.prepare<{ groupKey: string; groupAt: number }>(
      `INSERT INTO review_groups (group_key, group_at) VALUES (@groupKey, @groupAt)
       ON CONFLICT (group_key) DO UPDATE SET group_at = MAX(group_at, excluded.group_at)`,
    );
    this.dropEmptyGroup = db.prepare<{ groupKey: string }>(
      `DELETE FROM review_groups WHERE group_key = @groupKey
         AND NOT EXISTS (SELECT 1 FROM review_items WHERE group_key = @groupKey)`,
    );
    this.spansOf = db.prepare<{ traceId: string; limit: number }, SpanRow>(
      `SELECT ${SPAN_COLUMNS} FROM spans WHERE trace_seq = (SELECT seq FROM traces WHERE trace_id = @traceId)
       ORDER BY CAST(start_ns AS INTEGER), span_id LIMIT @limit`,
    );
    // Positional, as insertSpan: bound by name, they cost a quarter more CPU per item (upsertItemRow).
    this.upsertItem = db.prepare<unknown[]>(
      `INSERT INTO review_items (id, trace_id, span_id, conversation_id, agent_run_id, group_key, model, input_text, output_text,
         tool_calls_json, input_tokens, output_tokens, finish_reason, truncated, captured, status, started_at, latency_ms, imported_at,
         provider, convention, llm_calls, status_message, flags_json)
       VALUES (${Array(24).fill('?').join(', ')})
       ON CONFLICT (id) DO UPDATE SET span_id = excluded.span_id, conversation_id = excluded.conversation_id,
         agent_run_id = excluded.agent_run_id, group_key = excluded.group_key, model = excluded.model, input_text = excluded.input_text,
         output_text = excluded.output_text, tool_calls_json = excluded.tool_calls_json, input_tokens = excluded.input_tokens,
         output_tokens = excluded.output_tokens, finish_reason = excluded.finish_reason, truncated = excluded.truncated,
         captured = excluded.captured, status = excluded.status, started_at = excluded.started_at, latency_ms = excluded.latency_ms,
         provider = excluded.provider, convention = excluded.convention, llm_calls = excluded.llm_calls,
         status_message = excluded.status_message, flags_json = excluded.flags_json, imported_at = excluded.imported_at`,
    );
    this.itemById = db.prepare<{ id: string }, ReviewItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM review_items ri
       LEFT JOIN labels l ON l.subject_type = 'review_item' AND l.subject_id = ri.id WHERE ri.id = @id`,
    );
    this.stamped = db.prepare<{ importedAt: number }, { reviewItems: number; llmCalls: number; conversations: number }>(
      `SELECT COUNT(*) AS reviewItems, COALESCE(SUM(llm_calls), 0) AS llmCalls, COUNT(DISTINCT conversation_id) AS conversations
       FROM review_items WHERE imported_at = @importedAt`,
    );
    this.counts = db.prepare<[], { spans: number; traces: number; items: number; conversations: number }>(
      `SELECT (SELECT COUNT(*) FROM spans) AS spans, (SELECT COUNT(*) FROM traces) AS traces,
         (SELECT COUNT(*) FROM review_items) AS items,
         (SELECT COUNT(DISTINCT conversation_id) FROM review_items WHERE conversation_id IS NOT NULL) AS conversations`,
    );
  }

  /**
   * Inserts a batch of spans (already stored ones are skipped) in one transaction. A trace whose stored spans all
   * arrived in this batch gets its review item from `items` (built from the batch) in the same transaction; a trace
   * that continues spans stored before is queued, so its item is rebuilt from the store even after a crash.
   */
  insertBatch(spans: readonly SpanInsert[], items: readonly ItemInsert[]): InsertOutcome {
    const outcome = this.db.transaction(() => {
      const traces = new Map<string, BatchTrace>();
      let inserted = 0;
      for (const span of spans) {
        let trace = traces.get(span.traceId);
        if (!trace) traces.set(span.traceId, (trace = this.traceOf(span.traceId)));
        if (this.insertSpanRow(trace.seq, span) === 0) continue;
        inserted++;
        trace.grew = true;
      }
      const itemOf = new Map(items.map((item) => [item.traceId, item]));
      const written: ItemInsert[] = [];
      const queued: string[] = [];
      let newTraces = 0;
      for (const [traceId, trace] of traces) {
        if (!trace.grew) continue;
        if (!trace.isNew) {
          this.enqueue.run({ traceId });
          queued.push(traceId);
          continue;
        }
        newTraces++;
        const item = itemOf.get(traceId);
        if (item) written.push(item);
      }
      this.insertNewItems(written);
      return { inserted, skipped: spans.length - inserted, newTraces, itemsWritten: written.length, queued };
    })();
    this.checkpoints?.committed();
    return outcome;
  }

  /** A large import begins: until endBulkImport, a thread of its own checkpoints what it writes, and the page cache is larger. */
  beginBulkImport(): void {
    this.checkpoints ??= BackgroundCheckpoints.start(this.db);
    this.db.pragma(`cache_size = ${BULK_CACHE_SIZE}`);
  }

  /** Awaited before each batch of a large import: keeps its WAL from growing without end. */
  async settleWal(): Promise<void> {
    await this.checkpoints?.settle();
  }

  /** The large import ended: the writer checkpoints again, with its usual page cache. */
  async endBulkImport(): Promise<void> {
    const checkpoints = this.checkpoints;
    this.checkpoints = undefined;
    this.db.pragma(`cache_size = ${this.cacheSize}`);
    await checkpoints?.stop();
  }

  /** Stores rebuilt review items and takes their traces (and those that turned out to have none) off the queue. */
  saveItems(items: readonly ItemInsert[], doneTraceIds: readonly string[]): void {
    this.db.transaction(() => {
      this.writeItems(items);
      for (const traceId of doneTraceIds) this.dequeue.run({ traceId });
    })();
  }

  /** Traces still waiting for their review item (left over by an interrupted import). */
  pendingRebuilds(limit: number): string[] {
    return this.pending.all({ limit });
  }

  /** The trace's spans in start order, at most `limit`. */
  traceSpans(traceId: string, limit: number): SpanCore[] {
    return this.spansOf.all({ traceId, limit }).map(toSpanCore);
  }

  /** The review item with its span context (at most `maxSpans` spans, offsets from the first span's start). */
  item(id: string, maxSpans = 500): StoredItemDetail | undefined {
    const row = this.itemById.get({ id });
    if (!row) return undefined;
    const rows = this.spansOf.all({ traceId: row.trace_id, limit: maxSpans + 1 });
    const origin = rows.reduce(
      (min, r) => (BigInt(r.start_ns) < min ? BigInt(r.start_ns) : min),
      BigInt(rows[0]?.start_ns ?? '0'),
    );
    const spans: SpanContext[] = rows.slice(0, maxSpans).map((r) => ({
      spanId: r.span_id,
      parentSpanId: r.parent_span_id,
      name: r.name,
      kind: r.kind ?? 0,
      startNs: r.start_ns,
      endNs: r.end_ns,
      offsetMs: Number((BigInt(r.start_ns) - origin) / 1000n) / 1000,
      durationMs:
        BigInt(r.end_ns) >= BigInt(r.start_ns) ? Number((BigInt(r.end_ns) - BigInt(r.start_ns)) / 1000n) / 1000 : 0,
      statusCode: r.status_code ?? 0,
      statusMessage: r.status_message,
      convention: r.convention,
      isLlm: r.is_llm === 1,
      attributes: JSON.parse(r.attributes_json) as Record<string, unknown>,
    }));
    return { ...toReviewItem(row), spans, spansTruncated: rows.length > maxSpans };
  }

  /** What the import stamped `importedAt` rebuilt: review items, their LLM calls, distinct conversations. */
  importedSince(importedAt: number): { reviewItems: number; llmCalls: number; conversations: number } {
    return this.stamped.get({ importedAt })!;
  }

  /** Totals of the store: spans, traces, review items, conversations. */
  totals(): { spans: number; traces: number; items: number; conversations: number } {
    return this.counts.get()!;
  }

  /** The trace's number, given it now if the trace is new to the store. */
  private traceOf(traceId: string): BatchTrace {
    const added = this.addTrace.run(traceId);
    if (added.changes === 1) return { seq: Number(added.lastInsertRowid), isNew: true, grew: false };
    return { seq: this.seqOf.get(traceId)!, isNew: false, grew: false };
  }

  /** Inserts one span unless stored already; returns the number of rows written (0 or 1). */
  private insertSpanRow(traceSeq: number, s: SpanInsert): number {
    return this.insertSpan.run(
      traceSeq,
      s.spanId,
      s.parentSpanId,
      s.name,
      s.kind,
      s.startNs,
      s.endNs,
      s.statusCode,
      s.statusMessage,
      s.convention,
      s.isLlm,
      s.attributesJson,
      s.resourceJson,
      s.eventsJson,
      s.sourceFile,
      s.importedAt,
      s.scopeName,
      s.scopeVersion,
      s.droppedAttributes,
      s.droppedEvents,
    ).changes;
  }

  /** Inserts the item, or replaces the stored one of its trace. */
  private upsertItemRow(i: ItemInsert): void {
    this.upsertItem.run(
      i.id,
      i.traceId,
      i.spanId,
      i.conversationId,
      i.agentRunId,
      i.groupKey,
      i.model,
      i.inputText,
      i.outputText,
      i.toolCalls,
      i.inputTokens,
      i.outputTokens,
      i.finishReason,
      i.truncated,
      i.captured,
      i.status,
      i.startedAt,
      i.latencyMs,
      i.importedAt,
      i.provider,
      i.convention,
      i.llmCalls,
      i.statusMessage,
      i.flags,
    );
  }

  /**
   * Stores the items of traces new to the store (no item can exist for them yet): each group's latest start can
   * only rise, to the latest of its new items, so it is raised without reading the group back.
   */
  private insertNewItems(items: readonly ItemInsert[]): void {
    const latest = new Map<string, number>();
    for (const item of items) {
      this.upsertItemRow(item);
      latest.set(item.groupKey, Math.max(latest.get(item.groupKey) ?? -1, item.startedAt ?? -1));
    }
    for (const [groupKey, groupAt] of latest) this.raiseGroup.run({ groupKey, groupAt });
  }

  /** Upserts rebuilt items, then the order of each group they joined or (now with another group key) left. */
  private writeItems(items: readonly ItemInsert[]): void {
    const joined = new Set<string>();
    const left = new Set<string>();
    for (const item of items) {
      const before = this.groupOf.get({ id: item.id });
      if (before !== undefined && before !== item.groupKey) left.add(before);
      this.upsertItemRow(item);
      joined.add(item.groupKey);
    }
    for (const groupKey of joined) this.refreshGroup.run({ groupKey });
    for (const groupKey of left) {
      this.refreshGroup.run({ groupKey });
      this.dropEmptyGroup.run({ groupKey });
    }
  }
}
