// How often a question's repeats disagreed, counted over the runs that had repeats (not over all its runs).
import { plural } from './plural';

/**
 * "repeats disagreed in 1 of 1 run with repeats (20 runs)": the share's denominator is the runs with two or more
 * scored repeats, and the question's runs are named beside it; null when no run had repeats.
 */
export const repeatDisagreementText = (counts: {
  runs: number;
  runsWithRepeats: number;
  runsRepeatsDisagreed: number;
}): string | null => {
  if (counts.runsWithRepeats === 0) return null;
  const withRepeats = `${counts.runsRepeatsDisagreed} of ${plural(counts.runsWithRepeats, 'run')} with repeats`;
  return counts.runsWithRepeats === counts.runs
    ? `repeats disagreed in ${withRepeats}`
    : `repeats disagreed in ${withRepeats} (${plural(counts.runs, 'run')})`;
};
