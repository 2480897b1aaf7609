// A review item as the workbench opens it: the stored item and its span context, the conversation rebuilt from the spans.
import type { ReviewItemDetail } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { buildReviewItem } from './build-review-item';

/** The item with its conversation (system text, the turns before the reply and what followed), or undefined. */
export async function reviewItemDetail(
  traces: StoreApi['traces'],
  id: string,
  maxSpans?: number,
): Promise<ReviewItemDetail | undefined> {
  const stored = await traces.item(id, maxSpans);
  if (!stored) return undefined;
  const rebuilt = buildReviewItem(stored.traceId, await traces.traceSpans(stored.traceId, Number.MAX_SAFE_INTEGER));
  return {
    ...stored,
    systemText: rebuilt?.systemText ?? null,
    input: rebuilt?.input ?? [],
    output: rebuilt?.output ?? [],
  };
}
