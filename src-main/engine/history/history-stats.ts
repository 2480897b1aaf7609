// The verdict flips of a sequence of runs (how often a question's verdict changed from one run to the next).

/** How often consecutive verdicts differ: flips and the number of consecutive pairs. */
export function flips(verdicts: readonly boolean[]): Readonly<{ flips: number; pairs: number }> {
  let count = 0;
  for (let i = 1; i < verdicts.length; i += 1) if (verdicts[i] !== verdicts[i - 1]) count += 1;
  return { flips: count, pairs: Math.max(0, verdicts.length - 1) };
}
