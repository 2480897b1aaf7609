// Imported spans: batched idempotent inserts (with the items of whole traces), the rebuild queue, the reads of one trace.
import type { Convention, ReviewItemDetail, SpanContext } from '../../../src-shared/model';
import type { DecodedSpan, SpanCore } from '../../../src-shared/model/span';
import { sql } from 'kysely';
import { transaction, type Q } from '../sql/query';
import type { Row } from '../sql/schema';
import type { Queries } from '../sql/statement';
import type { BulkImportMode, StoreContext } from '../store-context';
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

const SPAN_COLUMNS = [
  'span_id',
  'parent_span_id',
  'name',
  'kind',
  'start_ns',
  'end_ns',
  'status_code',
  'status_message',
  'convention',
  'is_llm',
  'attributes_json',
  'events_json',
  'dropped_attributes',
  'dropped_events',
] as const;

type SpanRow = Pick<Row<'spans'>, (typeof SPAN_COLUMNS)[number]>;

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

type SpanArgs = SpanInsert & { traceSeq: number };

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    // Skipping a span stored already, on the (trace_seq, span_id) key, is what makes a re-import idempotent.
    insertSpan: q.prepare((a: SpanArgs) =>
      db
        .insertInto('spans')
        .values({
          trace_seq: a.traceSeq,
          span_id: a.spanId,
          parent_span_id: a.parentSpanId,
          name: a.name,
          kind: a.kind,
          start_ns: a.startNs,
          end_ns: a.endNs,
          status_code: a.statusCode,
          status_message: a.statusMessage,
          convention: a.convention,
          is_llm: a.isLlm,
          attributes_json: a.attributesJson,
          resource_json: a.resourceJson,
          events_json: a.eventsJson,
          source_file: a.sourceFile,
          imported_at: a.importedAt,
          scope_name: a.scopeName,
          scope_version: a.scopeVersion,
          dropped_attributes: a.droppedAttributes,
          dropped_events: a.droppedEvents,
        })
        .onConflict((oc) => oc.doNothing()),
    ),
    addTrace: q.prepare((a: { traceId: string }) =>
      db
        .insertInto('traces')
        .values({ trace_id: a.traceId })
        .onConflict((oc) => oc.doNothing())
        .returning('seq'),
    ),
    seqOf: q.prepare((a: { traceId: string }) =>
      db.selectFrom('traces').select('seq').where('trace_id', '=', a.traceId),
    ),
    enqueue: q.prepare((a: { traceId: string }) =>
      db
        .insertInto('trace_rebuilds')
        .values({ trace_id: a.traceId })
        .onConflict((oc) => oc.doNothing()),
    ),
    dequeue: q.prepare((a: { traceId: string }) => db.deleteFrom('trace_rebuilds').where('trace_id', '=', a.traceId)),
    pending: q.prepare((a: { limit: number }) => db.selectFrom('trace_rebuilds').select('trace_id').limit(a.limit)),
    spansOf: q.prepare((a: { traceId: string; limit: number }) =>
      db
        .selectFrom('spans')
        .select(SPAN_COLUMNS)
        .where('trace_seq', '=', (eb) => eb.selectFrom('traces').select('seq').where('trace_id', '=', a.traceId))
        .orderBy(sql`CAST(start_ns AS BIGINT)`)
        .orderBy('span_id')
        .limit(a.limit),
    ),
    itemById: q.prepare(
      (a: { id: string }) => sql<ReviewItemRow>`SELECT ${sql.raw(ITEM_COLUMNS)} FROM review_items ri
        LEFT JOIN labels l ON l.subject_type = 'review_item' AND l.subject_id = ri.id WHERE ri.id = ${a.id}`,
    ),
    stamped: q.prepare((a: { importedAt: number }) =>
      db
        .selectFrom('review_items')
        .select((eb) => [
          eb.fn.countAll<number>().as('reviewItems'),
          eb.fn.coalesce(eb.fn.sum<number>('llm_calls'), eb.lit(0)).as('llmCalls'),
          eb.fn.count<number>('conversation_id').distinct().as('conversations'),
        ])
        .where('imported_at', '=', a.importedAt),
    ),
    counts: q.prepare(
      () => sql<{ spans: number; traces: number; items: number; conversations: number }>`
      SELECT (SELECT COUNT(*) FROM spans) AS spans, (SELECT COUNT(*) FROM traces) AS traces,
        (SELECT COUNT(*) FROM review_items) AS items,
        (SELECT COUNT(DISTINCT conversation_id) FROM review_items WHERE conversation_id IS NOT NULL) AS conversations`,
    ),
  };
}

export class TracesRepo {
  private readonly items: ReviewItemsWriter;
  private readonly bulk: BulkImportMode;
  private readonly statements;

  constructor(context: StoreContext) {
    const { q } = context;
    this.items = new ReviewItemsWriter(context);
    this.bulk = context.bulk;
    this.statements = prepareStatements(q);
  }

  /**
   * Inserts a batch of spans (already stored ones are skipped) in one transaction. A trace whose stored spans all
   * arrived in this batch gets its review item from `items` (built from the batch) in the same transaction; a trace
   * that continues spans stored before is queued, so its item is rebuilt from the store even after a crash.
   */
  *insertBatch(spans: readonly SpanInsert[], items: readonly ItemInsert[]): Q<InsertOutcome> {
    const outcome = yield* transaction(() => this.writeBatch(spans, items));
    this.bulk.committed();
    return outcome;
  }

  private *writeBatch(spans: readonly SpanInsert[], items: readonly ItemInsert[]): Q<InsertOutcome> {
    const traces = new Map<string, BatchTrace>();
    let inserted = 0;
    for (const span of spans) {
      let trace = traces.get(span.traceId);
      if (!trace) traces.set(span.traceId, (trace = yield* this.traceOf(span.traceId)));
      if ((yield* this.insertSpanRow(trace.seq, span)) === 0) continue;
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
        yield* this.statements.enqueue.run({ traceId });
        queued.push(traceId);
        continue;
      }
      newTraces++;
      const item = itemOf.get(traceId);
      if (item) written.push(item);
    }
    yield* this.items.insertNew(written);
    return { inserted, skipped: spans.length - inserted, newTraces, itemsWritten: written.length, queued };
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
  saveItems(items: readonly ItemInsert[], doneTraceIds: readonly string[]): Q<void> {
    return transaction(() => this.writeItems(items, doneTraceIds));
  }

  private *writeItems(items: readonly ItemInsert[], doneTraceIds: readonly string[]): Q<void> {
    yield* this.items.write(items);
    for (const traceId of doneTraceIds) yield* this.statements.dequeue.run({ traceId });
  }

  /** Traces still waiting for their review item (left over by an interrupted import). */
  *pendingRebuilds(limit: number): Q<string[]> {
    return (yield* this.statements.pending.all({ limit })).map((row) => row.trace_id);
  }

  /** The trace's spans in start order, at most `limit`. */
  *traceSpans(traceId: string, limit: number): Q<SpanCore[]> {
    return (yield* this.statements.spansOf.all({ traceId, limit })).map(toSpanCore);
  }

  /** The review item with its span context (at most `maxSpans` spans, offsets from the first span's start). */
  *item(id: string, maxSpans = 500): Q<StoredItemDetail | undefined> {
    const row = yield* this.statements.itemById.first({ id });
    if (!row) return undefined;
    const rows = yield* this.statements.spansOf.all({ traceId: row.trace_id, limit: maxSpans + 1 });
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
  *importedSince(importedAt: number): Q<{ reviewItems: number; llmCalls: number; conversations: number }> {
    return (yield* this.statements.stamped.first({ importedAt }))!;
  }

  /** Totals of the store: spans, traces, review items, conversations. */
  *totals(): Q<{ spans: number; traces: number; items: number; conversations: number }> {
    return (yield* this.statements.counts.first({}))!;
  }

  /** The trace's number, given it now if the trace is new to the store. */
  private *traceOf(traceId: string): Q<BatchTrace> {
    const added = yield* this.statements.addTrace.first({ traceId });
    if (added) return { seq: added.seq, isNew: true, grew: false };
    return { seq: (yield* this.statements.seqOf.first({ traceId }))!.seq, isNew: false, grew: false };
  }

  /** Inserts one span unless stored already; returns the number of rows written (0 or 1). */
  private *insertSpanRow(traceSeq: number, s: SpanInsert): Q<number> {
    return (yield* this.statements.insertSpan.run({
      traceSeq,
      traceId: s.traceId,
      spanId: s.spanId,
      parentSpanId: s.parentSpanId,
      name: s.name,
      kind: s.kind,
      startNs: s.startNs,
      endNs: s.endNs,
      statusCode: s.statusCode,
      statusMessage: s.statusMessage,
      convention: s.convention,
      isLlm: s.isLlm,
      attributesJson: s.attributesJson,
      resourceJson: s.resourceJson,
      eventsJson: s.eventsJson,
      sourceFile: s.sourceFile,
      importedAt: s.importedAt,
      scopeName: s.scopeName,
      scopeVersion: s.scopeVersion,
      droppedAttributes: s.droppedAttributes,
      droppedEvents: s.droppedEvents,
    })).changes;
  }
}
