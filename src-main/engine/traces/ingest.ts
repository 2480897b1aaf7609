// Stores decoded spans and rebuilds the review items of the traces they touch; shared by file import and the receiver.
import type { ReviewItemRecord } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { buildReviewItem } from './build-review-item';
import { classifySpan } from './conventions/detect';
import type { DecodedSpan, SpanCore } from './span';

export type BatchOutcome = Readonly<{ inserted: number; skipped: number; newTraces: number; reviewItems: number }>;

type TraceStore = StoreApi['traces'];

let lastStamp = 0;
/** A stamp unique within the process for one import, so its summary can ask the store what it rebuilt. */
export const importStamp = (now: number): number => (lastStamp = Math.max(now, lastStamp + 1));

/** One import (a file set, or one receiver request): every batch it writes carries the same `stamp`. */
export class TraceIngest {
  constructor(
    private readonly store: TraceStore,
    readonly stamp: number,
  ) {}

  /** Writes one batch and rebuilds the review items of the traces that got new spans. */
  async write(spans: readonly DecodedSpan[], sourceFile: string | null): Promise<BatchOutcome> {
    const inserts = spans.map((span) => {
      const found = classifySpan(span.attributes, span.events);
      return { span, convention: found.convention, isLlm: found.role === 'llm', sourceFile };
    });
    const outcome = await this.store.insertSpans(inserts, this.stamp);
    const inMemory = new Map<string, Map<string, SpanCore>>();
    for (const span of spans) {
      const trace = inMemory.get(span.traceId) ?? new Map<string, SpanCore>();
      inMemory.set(span.traceId, trace.set(span.spanId, span));
    }
    const items: ReviewItemRecord[] = [];
    let newTraces = 0;
    for (const trace of outcome.traces) {
      // A trace whose stored spans all arrived in this batch is built from memory; one that continues is read back.
      const complete = trace.totalSpans === trace.newSpans;
      if (complete) newTraces++;
      const traceSpans = complete
        ? [...inMemory.get(trace.traceId)!.values()]
        : await this.store.traceSpans(trace.traceId, Number.MAX_SAFE_INTEGER);
      const item = buildReviewItem(trace.traceId, traceSpans);
      if (item) items.push(item);
    }
    await this.store.saveItems(
      items,
      outcome.traces.map((t) => t.traceId),
      this.stamp,
    );
    return { inserted: outcome.inserted, skipped: outcome.skipped, newTraces, reviewItems: items.length };
  }

  /** Rebuilds the items an interrupted import left queued. */
  async resumePending(): Promise<number> {
    let rebuilt = 0;
    for (let ids = await this.store.pendingRebuilds(500); ids.length; ids = await this.store.pendingRebuilds(500)) {
      const items: ReviewItemRecord[] = [];
      for (const traceId of ids) {
        const item = buildReviewItem(traceId, await this.store.traceSpans(traceId, Number.MAX_SAFE_INTEGER));
        if (item) items.push(item);
      }
      await this.store.saveItems(items, ids, this.stamp);
      rebuilt += items.length;
    }
    return rebuilt;
  }
}
