// The corrected pass rate in words the verdict, the CLI and the run page share: each estimator's name, and what would
// settle a gate its interval leaves unsettled (docs/statistics.md).
import type { CorrectionEstimator, SettleAdvice } from '../model';

export const ESTIMATOR_NAME: Record<CorrectionEstimator, string> = {
  ppi: 'prediction-powered estimate',
  rogan_gladen: 'Rogan-Gladen estimate',
};

const STRATUM_WORDS = {
  judge_pass: 'answers the judge passed',
  judge_fail: 'answers the judge failed',
  all: 'answers drawn as the labels were',
} as const;

/** What would settle it, in words: "about 40 more labels of answers the judge failed, or about 300 more judged answers". */
export function settleInWords(settle: SettleAdvice | null | undefined): string | null {
  if (!settle) return null;
  if (settle.note) return `no count settles it: ${settle.note}`;
  const ways = [
    ...settle.labels.map(
      (o) => `about ${o.more} more agreed label${o.more === 1 ? '' : 's'} of ${STRATUM_WORDS[o.stratum]}`,
    ),
    ...(settle.answers !== null ? [`about ${settle.answers} more judged answers`] : []),
    ...(settle.both
      ? [
          `about ${settle.both.labels} more agreed labels together with about ${settle.both.answers} more judged answers`,
        ]
      : []),
  ];
  return ways.length === 0 ? null : `to settle it, ${ways.join(', or ')} (if the estimate holds)`;
}
