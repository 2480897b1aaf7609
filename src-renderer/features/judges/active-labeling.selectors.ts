// Pure selectors of active labeling: the interval's width in points, the last label's change, and when to stop.
import type { ActiveLabelingPlan } from '../../../src-shared/contract/judge-probes.contract';

/** A width (a fraction of [0, 1]) in percentage points: "23.4 points"; "no interval yet" at 1. */
export const widthInPoints = (width: number): string =>
  width >= 1 ? 'no interval yet' : `${(width * 100).toFixed(1)} points`;

/** The last label's change of the width: "34.0 → 31.2 points (−2.8)"; null before the first label. */
export function lastLabelChange(plan: Pick<ActiveLabelingPlan, 'history'>): string | null {
  const last = plan.history.at(-1);
  if (!last) return null;
  const change = (last.after - last.before) * 100;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  const pts = (w: number) => (w >= 1 ? 'none' : (w * 100).toFixed(1));
  return `${pts(last.before)} → ${pts(last.after)} points (${sign}${Math.abs(change).toFixed(1)})`;
}

/** Whether more labels still pay, in words, once there are enough labels to say. */
export function stopInWords(plan: Pick<ActiveLabelingPlan, 'history' | 'stop'>): string | null {
  const { over, stepPp, stoppedPaying } = plan.stop;
  const first = plan.history.at(-over);
  if (plan.history.length < over || !first) return null;
  const shrank = ((first.before - plan.history.at(-1)!.after) * 100).toFixed(2);
  return stoppedPaying
    ? `More labels stopped paying: the last ${over} labels shrank the width by ${shrank} points, under the ${stepPp}-point step. Validate now; label on only for the trust rule's counts.`
    : `The last ${over} labels shrank the width by ${shrank} points (the step is ${stepPp}): labels still pay.`;
}

/** The id of the item active labeling would have labelled next. */
export const nextActiveId = (plan: Pick<ActiveLabelingPlan, 'order'> | undefined): string | undefined =>
  plan?.order[0]?.id;
