// A reproducible sample of judge calls for labeling, stratified by the judge's verdict (docs/grading.md).
import type { SampleStratum } from '../../../src-shared/model';
import { seededRandom, shuffled } from '../stats/random';

export type SampleOptions = Readonly<{ n: number; seed: number; stratify: boolean }>;

/**
 * One drawn item with its sampling design: its stratum and the chance it had of being drawn (the stratum's sampled
 * share of its eligible items, n_h / N_h). TPR and TNR weight each item by the inverse of that chance.
 */
export type Drawn<T> = Readonly<{ item: T; stratum: SampleStratum; inclusionProbability: number }>;

const drawn = <T>(items: readonly T[], stratum: SampleStratum, population: number): Drawn<T>[] =>
  items.map((item) => ({ item, stratum, inclusionProbability: items.length / population }));

/**
 * Picks up to `n` items. Stratified: half judge-pass and half judge-fail (the odd one a fail, since failures
 * are usually rarer), topping up from the other class when one runs short. The result is shuffled so the
 * labeler cannot infer the judge's verdict from the order. `items` must come in a stable order (e.g. by id).
 * Each drawn item carries its stratum and inclusion probability, so the sample can be weighted back.
 */
export function sampleForLabeling<T>(
  items: readonly T[],
  judgePassed: (item: T) => boolean,
  options: SampleOptions,
): Drawn<T>[] {
  const random = seededRandom(options.seed);
  if (!options.stratify) return drawn(shuffled(items, random).slice(0, options.n), 'all', items.length);
  const passes = shuffled(items.filter(judgePassed), random);
  const fails = shuffled(
    items.filter((item) => !judgePassed(item)),
    random,
  );
  let nFail = Math.min(fails.length, Math.ceil(options.n / 2));
  const nPass = Math.min(passes.length, options.n - nFail);
  nFail = Math.min(fails.length, options.n - nPass);
  return shuffled(
    [
      ...drawn(passes.slice(0, nPass), 'judge_pass', passes.length),
      ...drawn(fails.slice(0, nFail), 'judge_fail', fails.length),
    ],
    random,
  );
}

/** A fresh seed when the user gave none; printed and written to the file so the sample can be drawn again. */
export const randomSeed = (): number => Math.floor(Math.random() * 2 ** 31);
