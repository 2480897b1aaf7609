// Streams a run's stored results in id order, a batch at a time: flat memory whatever the run's size.
import type { ResultDetail } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';

export const RESULT_BATCH = 200;

export async function* eachStoredResult(
  db: StoreApi,
  runId: string,
  withJudgeCalls = false,
): AsyncGenerator<ResultDetail> {
  for (let afterId = 0; ;) {
    const batch = await db.results.batch(runId, afterId, RESULT_BATCH, withJudgeCalls);
    if (batch.length === 0) return;
    for (const result of batch) {
      afterId = result.id;
      yield result;
    }
  }
}
