// A review item from what the store holds: rebuilt from its trace's spans, and as the workbench opens it.
import type { ReviewItemDetail, ReviewItemRecord } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { buildReviewItem } from './build-review-item';

/** A trace's item as every one of its stored spans makes it; null when none of them is an LLM call. */
export async function itemFromStore(traces: StoreApi['traces'], traceId: string): Promise<ReviewItemRecord | null> {
  return buildReviewItem(traceId, await traces.traceSpans(traceId, Number.MAX_SAFE_INTEGER));
}

/** The item with its conversation (system text, the turns before the reply and what followed), or undefined. */
export async function reviewItemDetail(
  traces: StoreApi['traces'],
  id: string,
  maxSpans?: number,
): Promise<ReviewItemDetail | undefined> {
  const stored = await traces.item(id, maxSpans);
  if (!stored) return undefined;
  const rebuilt = await itemFromStore(traces, stored.traceId);
  return {
    ...stored,
    systemText: rebuilt?.systemText ?? null,
    input: rebuilt?.input ?? [],
    output: rebuilt?.output ?? [],
  };
}
