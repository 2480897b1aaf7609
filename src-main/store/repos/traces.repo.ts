// Imported spans: batched idempotent inserts (with the items of whole traces), the rebuild queue, the reads of one trace.
import type { Convention, ReviewItemDetail, SpanContext } from '../../../src-shared/model';
import type { DecodedSpan, SpanCore } from '../../../src-shared/model/span';
import { BulkImport } from '../bulk-import';
import type { Db } from '../db';
import { ITEM_COLUMNS, toReviewItem, type ReviewItemRow } from './review-item-row';
import { ReviewItemsWriter, type ItemInsert, type RebuiltFromSpans } from './review-items.writer';

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

/** Where a stored span sits: its ids, name, kind and times, as the span core and an item's spans both carry them. */
const spanPlace = (r: SpanRow) => ({
  spanId: r.span_id,
  parentSpanId: r.parent_span_id,
  name: r.name,
  kind: r.kind ?? 0,
  startNs: r.start_ns,
  endNs: r.end_ns,
});

const toSpanCore = (r: SpanRow): SpanCore => ({
  ...spanPlace(r),
  statusCode: r.status_code ?? 0,
  statusMessage: r.status_message,
  attributes: JSON.parse(r.attributes_json) as SpanCore['attributes'],
  events: r.events_json ? (JSON.parse(r.events_json) as SpanCore['events']) : [],
  droppedAttributes: r.dropped_attributes,
  droppedEvents: r.dropped_events,
});

export class TracesRepo {
  private readonly insertSpan;
  private readonly addTrace;
  private readonly seqOf;
  private readonly enqueue;
  private readonly dequeue;
  private readonly pending;
  private readonly spansOf;
  private readonly itemById;
  private readonly counts;
  private readonly stamped;
  private readonly items: ReviewItemsWriter;
  private readonly bulk: BulkImport;

  constructor(private readonly db: Db) {
    this.items = new ReviewItemsWriter(db);
    this.bulk = new BulkImport(db);
    // INSERT OR IGNORE on the (trace_seq, span_id) key is what makes a re-import idempotent. Its parameters are
    // positional (insertSpanRow): binding 20 named ones from an object costs measurably more on every span of an import.
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
    this.spansOf = db.prepare<{ traceId: string; limit: number }, SpanRow>(
      `SELECT ${SPAN_COLUMNS} FROM spans WHERE trace_seq = (SELECT seq FROM traces WHERE trace_id = @traceId)
       ORDER BY CAST(start_ns AS INTEGER), span_id LIMIT @limit`,
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
      this.items.insertNew(written);
      return { inserted, skipped: spans.length - inserted, newTraces, itemsWritten: written.length, queued };
    })();
    this.bulk.committed();
    return outcome;
  }

  /** A large import begins: until endBulkImport, a thread of its own checkpoints what it writes, and the page cache is larger. */
  beginBulkImport(): void {
    this.bulk.begin();
  }

  /** Awaited before each batch of a large import: keeps its WAL from growing without end. */
  settleWal(): Promise<void> {
    return this.bulk.settle();
  }

  /** The large import ended: the writer checkpoints again, with its usual page cache. */
  endBulkImport(): Promise<void> {
    return this.bulk.end();
  }

  /** Stores rebuilt review items and takes their traces (and those that turned out to have none) off the queue. */
  saveItems(items: readonly ItemInsert[], doneTraceIds: readonly string[]): void {
    this.db.transaction(() => {
      this.items.write(items);
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
      ...spanPlace(r),
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
}
