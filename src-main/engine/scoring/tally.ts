// Adds up a run's question results into a Tally: what progress shows and what the verdict is computed from.
import type { QuestionStatus } from '../../../src-shared/model';
import type { Tally } from '../../../src-shared/model/tally';

export type { Tally };

export const emptyTally = (): Tally => ({ scored: 0, unscored: 0, degraded: 0, passed: 0, errors: 0, scoreSum: 0 });

export type TallyEntry = Readonly<{
  status: QuestionStatus;
  score: number | null;
  passed: boolean | null;
  targetFailed: boolean;
}>;

/** Adds one question result in place; O(1) memory whatever the run's size. */
export function addToTally(tally: Tally, entry: TallyEntry): void {
  tally[entry.status] += 1;
  if (entry.status === 'scored' && entry.score !== null) tally.scoreSum += entry.score;
  if (entry.passed === true) tally.passed += 1;
  if (entry.targetFailed) tally.errors += 1;
}

export const doneCount = (tally: Tally): number => tally.scored + tally.unscored + tally.degraded;

export const averageScore = (tally: Tally): number | null => (tally.scored > 0 ? tally.scoreSum / tally.scored : null);
