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
  reviewers: number;
  items: number;
}>;

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
 * bootstrap interval over items (resamples whose statistic is undefined, e.g. one class only, are left out).
 */
export function agreement(
  units: readonly (readonly Rating[])[],
  reviewers: number,
  options: AgreementOptions = DEFAULT_AGREEMENT,
): Agreement | null {
  const shared = units.filter((unit) => unit.filter((v) => v !== null).length >= 2);
  if (reviewers < 2 || shared.length === 0) return null;
  const value = statisticOf(shared, reviewers);
  const random = seededRandom(options.seed);
  const draws: number[] = [];
  for (let r = 0; r < options.resamples; r += 1) {
    const resample = shared.map(() => shared[Math.floor(random() * shared.length)]!);
    const stat = statisticOf(resample, reviewers);
    if (stat !== null) draws.push(stat);
  }
  const tail = (1 - options.level) / 2;
  const lo = quantile(draws, tail);
  const hi = quantile(draws, 1 - tail);
  return {
    statistic: reviewers === 2 ? 'cohen_kappa' : 'krippendorff_alpha',
    value,
    ci: lo === undefined || hi === undefined ? null : [lo, hi],
    reviewers,
    items: shared.length,
  };
}
