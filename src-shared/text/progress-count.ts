// A run's progress in words and as a fraction, over a total that stays put: an adaptive run's settled repeats are
// counted as saved beside the repeats run, not taken off the total (which would jump from 210 to 97 at the end).
type Counts = { done: number; total: number; saved?: number | undefined };

/** The share of the plan that is through: repeats run plus repeats adaptive stopping will not ask. */
export const progressFraction = ({ done, total, saved }: Counts): number =>
  total > 0 ? Math.min(1, (done + (saved ?? 0)) / total) : 1;

/** "79/210" for a fixed run; "79/210 repeats run, 40 not needed (adaptive stopping)" for an adaptive one. */
export const progressCountText = ({ done, total, saved }: Counts, separator = '/'): string =>
  saved === undefined
    ? `${done}${separator}${total}`
    : `${done}${separator}${total} repeats run, ${saved} not needed (adaptive stopping)`;
