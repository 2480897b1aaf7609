// A run's count in words: coverage (done of planned) for a fixed run, repeats run against the most it could run for
// an adaptive one, whose stopping early is not missing coverage.
import { plural } from './plural';

type Counted = { done: number; total: number; repeat: number; adaptive?: boolean | undefined };

/** "97 / 210" for a fixed run; "21 questions · 97 repeats run (at most 210: adaptive stopping)" for an adaptive one. */
export const runCountText = (run: Counted): string => {
  if (!run.adaptive) return `${run.done} / ${run.total}`;
  const questions = Math.round(run.total / Math.max(1, run.repeat));
  return `${plural(questions, 'question')} · ${plural(run.done, 'repeat')} run (at most ${run.total}: adaptive stopping)`;
};
