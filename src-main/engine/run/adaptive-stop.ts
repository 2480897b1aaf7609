// An adaptive run's stop (`--repeat N --adaptive`): each question's scored repeats so far, and which questions are
// settled, so their remaining repeats are never asked and the calls go to the unsettled ones.
import { settledVerdict, type AdaptiveRule } from '../scoring/adaptive-repeats';
import type { PlanItem } from './plan';

export class AdaptiveStop {
  private readonly counts = new Map<string, { passes: number; trials: number }>();
  private readonly settled = new Set<string>();
  private skipped = 0;

  constructor(readonly rule: AdaptiveRule) {}

  /**
   * One stored repeat. Only a scored one counts: an unscored or degraded repeat says nothing about the verdict, so
   * the question keeps its remaining repeats.
   */
  record(questionId: string, passed: boolean | null): void {
    if (passed !== null) this.add(questionId, passed ? 1 : 0, 1);
  }

  /** Scored repeats of a question at once (a resumed run's, as stored). */
  add(questionId: string, passes: number, trials: number): void {
    const counts = this.counts.get(questionId) ?? { passes: 0, trials: 0 };
    counts.passes += passes;
    counts.trials += trials;
    this.counts.set(questionId, counts);
    if (settledVerdict(counts.passes, counts.trials, this.rule)) this.settled.add(questionId);
  }

  /** Whether this repeat is still to be asked: false once its question's verdict is settled (counted as saved). */
  wants(item: PlanItem): boolean {
    if (!this.settled.has(item.question.id)) return true;
    this.skipped += 1;
    return false;
  }

  /** The repeats this process did not ask. */
  get saved(): number {
    return this.skipped;
  }
}
