// Draws for the simulation suite: binomial and hypergeometric counts and a run's repeats, from the product's PRNG.
import { betaDraw, seededRandom } from '../../src-main/engine/stats/random';

export type Random = () => number;
export const rngOf = (seed: number): Random => seededRandom(seed);

/** Binomial(n, p) by counting uniforms: exact, and cheap enough for the sizes simulated (n ≤ a few thousand). */
export function binomial(n: number, p: number, random: Random): number {
  let k = 0;
  for (let i = 0; i < n; i += 1) if (random() < p) k += 1;
  return k;
}

/** Successes among `draws` taken without replacement from `good` successes and `bad` failures. */
export function hypergeometric(good: number, bad: number, draws: number, random: Random): number {
  let k = 0;
  let g = good;
  let total = good + bad;
  for (let i = 0; i < draws && total > 0; i += 1) {
    if (random() * total < g) {
      k += 1;
      g -= 1;
    }
    total -= 1;
  }
  return k;
}

/** A question's pass probability drawn around `mean` (Beta with strength 6), so questions differ as real ones do. */
export const questionRate = (mean: number, random: Random): number => betaDraw(6 * mean, 6 * (1 - mean), random);

/**
 * One run's repeats of a question with pass probability p: independent repeats, or run-correlated ones (with
 * probability `locked` the run's repeats all copy one draw, as temperature 0 or one run-level cause makes them).
 */
export function repeats(p: number, n: number, locked: number, random: Random): boolean[] {
  if (random() < locked) {
    const one = random() < p;
    return Array<boolean>(n).fill(one);
  }
  return Array.from({ length: n }, () => random() < p);
}

export const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
