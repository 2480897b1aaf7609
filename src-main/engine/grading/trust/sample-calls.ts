// A reproducible sample of judge calls for labeling, stratified by the judge's verdict (SPEC 11).

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same sequence on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher-Yates shuffle of a copy of `items`. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export type SampleOptions = Readonly<{ n: number; seed: number; stratify: boolean }>;

/**
 * Picks up to `n` items. Stratified: half judge-pass and half judge-fail (the odd one a fail, since failures
 * are usually rarer), topping up from the other class when one runs short. The result is shuffled so the
 * labeler cannot infer the judge's verdict from the order. `items` must come in a stable order (e.g. by id).
 */
export function sampleForLabeling<T>(
  items: readonly T[],
  judgePassed: (item: T) => boolean,
  options: SampleOptions,
): T[] {
  const random = seededRandom(options.seed);
  if (!options.stratify) return shuffled(items, random).slice(0, options.n);
  const passes = shuffled(items.filter(judgePassed), random);
  const fails = shuffled(
    items.filter((item) => !judgePassed(item)),
    random,
  );
  let nFail = Math.min(fails.length, Math.ceil(options.n / 2));
  const nPass = Math.min(passes.length, options.n - nFail);
  nFail = Math.min(fails.length, options.n - nPass);
  return shuffled([...passes.slice(0, nPass), ...fails.slice(0, nFail)], random);
}

/** A fresh seed when the user gave none; printed and written to the file so the sample can be drawn again. */
export const randomSeed = (): number => Math.floor(Math.random() * 2 ** 31);
