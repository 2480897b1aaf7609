// Stores decoded spans and rebuilds the review items of the traces they touch; shared by file import and the receiver.
import type { ItemInsert } from '../../store/repos/review-items.writer';
import type { StoreApi } from '../../store/store';
import { batchRows, itemInsert, type BatchRows } from './batch-rows';
import { itemFromStore } from './item-detail';
import type { DecodedSpan } from './span';

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

  /** Writes one batch with the review items of the traces it holds whole, then rebuilds those it continues. */
  async write(spans: readonly DecodedSpan[], sourceFile: string | null): Promise<BatchOutcome> {
    const { queued, ...outcome } = await this.writeRows(batchRows(spans, sourceFile, this.stamp));
    const rebuilt = await this.rebuildItems(queued);
    if (queued.length > 0) await this.store.saveItems(rebuilt, queued);
    return { ...outcome, reviewItems: outcome.reviewItems + rebuilt.length };
  }

  /**
   * Writes a batch already turned into rows (by the decoding worker) with the items of the traces it holds whole. A
   * trace it continues stays queued in the store until rebuildQueued: rebuilding it after every batch would read a
   * trace of n spans n/batch times, quadratic in the spans of one trace.
   */
  async writeRows(rows: BatchRows): Promise<BatchOutcome & { queued: readonly string[] }> {
    await this.store.settleWal();
    const outcome = await this.store.insertBatch(rows.spans, rows.items);
    return {
      inserted: outcome.inserted,
      skipped: outcome.skipped,
      newTraces: outcome.newTraces,
      reviewItems: outcome.itemsWritten,
      queued: outcome.queued,
    };
  }

  /** Rebuilds the items of every trace queued in the store (by writeRows, or left over by an interrupted import). */
  async rebuildQueued(): Promise<number> {
    let rebuilt = 0;
    for (let ids = await this.store.pendingRebuilds(500); ids.length; ids = await this.store.pendingRebuilds(500)) {
      const items = await this.rebuildItems(ids);
      await this.store.saveItems(items, ids);
      rebuilt += items.length;
    }
    return rebuilt;
  }

  /** The review items of traces read back whole from the store (traces with no LLM call have none). */
  private async rebuildItems(traceIds: readonly string[]): Promise<ItemInsert[]> {
    const items: ItemInsert[] = [];
    for (const traceId of traceIds) {
      const item = await itemFromStore(this.store, traceId);
      if (item) items.push(itemInsert(item, this.stamp));
    }
    return items;
  }
}
