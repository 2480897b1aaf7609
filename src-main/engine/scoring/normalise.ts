// Maps a grader's native score onto the common 0-5 scale (docs/grading.md): linear from [min, max], binary 1 → 5.

/** The 0-5 value of `score` on a grader scale [min, max]; scores outside the scale are clamped. */
export function toZeroFive(score: number, min: number, max: number): number {
  if (!(max > min)) throw new RangeError(`grader scale [${min}, ${max}] is empty`);
  const clamped = Math.min(max, Math.max(min, score));
  return ((clamped - min) / (max - min)) * 5;
}
