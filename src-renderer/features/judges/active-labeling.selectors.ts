// Pure selectors of active labeling: the interval's width in points, the last label's change, and when to stop.
import type { ActiveLabelingPlan } from '../../../src-shared/contract/judge-probes.contract';

/** A width (a fraction of [0, 1]) in percentage points: "23.4 points"; "no interval yet" at 1. */
export const widthInPoints = (width: number): string =>
  width >= 1 ? 'no interval yet' : `${(width * 100).toFixed(1)} points`;

/**
 * The last label's change of the width: "34.0 → 31.2 points (−2.8)"; when either side has no interval, says so
 * ("no interval → 50.0 points", "34.0 points → no interval"); a label that widens it says why. Null before the first.
 */
export function lastLabelChange(plan: Pick<ActiveLabelingPlan, 'history'>): string | null {
  const last = plan.history.at(-1);
  if (!last) return null;
  if (last.before >= 1 && last.after >= 1) return 'no interval yet';
  if (last.before >= 1) return `no interval → ${(last.after * 100).toFixed(1)} points`;
  if (last.after >= 1)
    return `${(last.before * 100).toFixed(1)} points → no interval (the labels now leave open that the judge is no better than chance)`;
  const change = (last.after - last.before) * 100;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  const words = `${(last.before * 100).toFixed(1)} → ${(last.after * 100).toFixed(1)} points (${sign}${Math.abs(change).toFixed(1)})`;
  return change > 0
    ? `${words}: this label disagreed with the judge more than the labels before it, so the judge's error rates are less certain`
    : words;
}

/** Each reviewer's own progress: "ana: 21 of 21 · ben: 3 of 21" (the unnamed reviewer as "unnamed"). */
export const reviewerProgressInWords = (plan: Pick<ActiveLabelingPlan, 'reviewers'>): string | null =>
  plan.reviewers.length === 0
    ? null
    : plan.reviewers.map((r) => `${r.reviewer || 'unnamed'}: ${r.labelled} of ${r.of}`).join(' · ');

/** Whether more labels still pay, in words, once there are enough labels to say. */
export function stopInWords(plan: Pick<ActiveLabelingPlan, 'history' | 'stop'>): string | null {
  const { over, stepPp, stoppedPaying } = plan.stop;
  const first = plan.history.at(-over);
  if (plan.history.length < over || !first) return null;
  const shrank = ((first.before - plan.history.at(-1)!.after) * 100).toFixed(2);
  return stoppedPaying
    ? `More labels stopped paying: the last ${over} labels shrank the width by ${shrank} points, under the ${stepPp}-point step. The trust rule's counts are met: validate now.`
    : `The last ${over} labels shrank the width by ${shrank} points (the step is ${stepPp}): labels still pay.`;
}

/** The id of the item active labeling would have labelled next. */
export const nextActiveId = (plan: Pick<ActiveLabelingPlan, 'order'> | undefined): string | undefined =>
  plan?.order[0]?.id;
