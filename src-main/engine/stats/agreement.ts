// Agreement between reviewers on pass/fail labels: Cohen's κ (two), Krippendorff's α nominal (any number), bootstrap.
import { quantile } from './quantile';
import { seededRandom } from './random';

/** One reviewer's value per item (null: that reviewer did not label it). */
export type Rating = string | null;

/** Cohen's κ = (p_o − p_e)/(1 − p_e) over the items both labelled; null when none or when p_e = 1. */
export function cohenKappa(a: readonly Rating[], b: readonly Rating[]): number | null {
  const pairs = a.flatMap((x, i) => (x !== null && b[i] !== null && b[i] !== undefined ? [[x, b[i]] as const] : []));
  const n = pairs.length;
  if (n === 0) return null;
  const po = pairs.filter(([x, y]) => x === y).length / n;
  const categories = new Set(pairs.flat());
  let pe = 0;
  for (const c of categories)
    pe += (pairs.filter(([x]) => x === c).length / n) * (pairs.filter(([, y]) => y === c).length / n);
  return pe === 1 ? null : (po - pe) / (1 - pe);
}

/**
 * Krippendorff's α for nominal values from the coincidence matrix: `units[u]` holds each reviewer's value of item u.
 * Items with fewer than two values are not pairable and left out; null when there is no expected disagreement.
 */
export function krippendorffAlpha(units: readonly (readonly Rating[])[]): number | null {
  const coincidence = new Map<string, Map<string, number>>();
  const add = (c: string, k: string, weight: number) => {
    const row = coincidence.get(c) ?? new Map<string, number>();
    row.set(k, (row.get(k) ?? 0) + weight);
    coincidence.set(c, row);
  };
  for (const unit of units) {
    const values = unit.filter((v): v is string => v !== null);
    if (values.length < 2) continue;
    values.forEach((vi, i) => values.forEach((vj, j) => i !== j && add(vi, vj, 1 / (values.length - 1))));
  }
  let observed = 0;
  const totals: number[] = [];
  for (const [c, row] of coincidence) {
    let total = 0;
    for (const [k, o] of row) {
      total += o;
      if (k !== c) observed += o;
    }
    totals.push(total);
  }
  const n = totals.reduce((s, x) => s + x, 0);
  const expected = (n * n - totals.reduce((s, x) => s + x * x, 0)) / (n - 1);
  return n < 2 || expected === 0 ? null : 1 - observed / expected;
}

/** κ for two reviewers, α for more; the statistic named so a report can say which it is. */
export type Agreement = Readonly<{
  statistic: 'cohen_kappa' | 'krippendorff_alpha';
  value: number | null;
  ci: readonly [number, number] | null;
  /** Why there is no interval (too few items, or resamples without a statistic); null when there is one. */
  ciNote: string | null;
  reviewers: number;
  items: number;
}>;

/**
 * Below this many shared items the percentile bootstrap interval of κ covers under 93% in the simulation suite
 * (89.6% at 10 items; 94.4% at 30): no interval then, and the report says why.
 */
export const MIN_AGREEMENT_ITEMS = 20;
/** More resamples than this share without a statistic (one class only) make the interval unstable: none given. */
const MAX_UNDEFINED_SHARE = 0.01;

export type AgreementOptions = Readonly<{ resamples: number; seed: number; level: number }>;
export const DEFAULT_AGREEMENT: AgreementOptions = { resamples: 2000, seed: 35, level: 0.95 };

const statisticOf = (units: readonly (readonly Rating[])[], reviewers: number) =>
  reviewers === 2
    ? cohenKappa(
        units.map((u) => u[0] ?? null),
        units.map((u) => u[1] ?? null),
      )
    : krippendorffAlpha(units);

/**
 * Agreement over the items that two or more reviewers labelled (`units[item][reviewer]`), with a seeded percentile
 * bootstrap interval over items. No interval below MIN_AGREEMENT_ITEMS items, nor when more than 1% of the
 * resamples have no statistic (e.g. one class only): it would be unstable, and `ciNote` says so.
 */
export function agreement(
  units: readonly (readonly Rating[])[],
  reviewers: number,
  options: AgreementOptions = DEFAULT_AGREEMENT,
): Agreement | null {
  const shared = units.filter((unit) => unit.filter((v) => v !== null).length >= 2);
  if (reviewers < 2 || shared.length === 0) return null;
  const value = statisticOf(shared, reviewers);
  const base = {
    statistic: reviewers === 2 ? ('cohen_kappa' as const) : ('krippendorff_alpha' as const),
    value,
    reviewers,
    items: shared.length,
  };
  if (value === null) return { ...base, ci: null, ciNote: 'no interval: the statistic is undefined on these labels' };
  if (shared.length < MIN_AGREEMENT_ITEMS)
    return {
      ...base,
      ci: null,
      ciNote: `no interval below ${MIN_AGREEMENT_ITEMS} shared items: on so few a bootstrap interval is unstable`,
    };
  const random = seededRandom(options.seed);
  const draws: number[] = [];
  for (let r = 0; r < options.resamples; r += 1) {
    const resample = shared.map(() => shared[Math.floor(random() * shared.length)]!);
    const stat = statisticOf(resample, reviewers);
    if (stat !== null) draws.push(stat);
  }
  const undefinedShare = 1 - draws.length / options.resamples;
  if (undefinedShare > MAX_UNDEFINED_SHARE)
    return {
      ...base,
      ci: null,
      ciNote: `no interval: ${(undefinedShare * 100).toFixed(0)}% of the resamples hold one class only (no statistic); label more items of the rarer class`,
    };
  const tail = (1 - options.level) / 2;
  return { ...base, ci: [quantile(draws, tail)!, quantile(draws, 1 - tail)!], ciNote: null };
}
