import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreement, cohenKappa, krippendorffAlpha } from '../../../../src-main/engine/stats/agreement';

type Reference = {
  tool: string;
  kappa: { id: string; a: (string | null)[]; b: (string | null)[]; kappa: number | null }[];
  alpha: { id: string; units: (string | null)[][]; alpha: number | null }[];
};

// Computed by scripts/reference/trust-ledger.py (NumPy and SciPy, from the papers' formulas). Its PPI++ vectors are no
// longer read: with a pass/fail judge the product's prediction-powered estimate is post-stratified (see corrected-rate.ts).
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../fixtures/reference/trust_ledger_reference.json'), 'utf8'),
) as Reference;
const close = (actual: number | null | undefined, expected: number | null) =>
  expected === null ? expect(actual).toBeNull() : expect(Math.abs((actual ?? NaN) - expected)).toBeLessThan(1e-9);

describe('trust ledger statistics against the reference values', () => {
  it('names the tool that computed them', () => {
    expect(reference.tool).toMatch(/^Python 3\.\d+\.\d+, NumPy \d+\.\d+\.\d+, SciPy \d+\.\d+\.\d+$/);
  });

  it.each(reference.kappa.map((c) => [c.id, c] as const))("Cohen's κ: %s", (_id, c) =>
    close(cohenKappa(c.a, c.b), c.kappa),
  );

  it.each(reference.alpha.map((c) => [c.id, c] as const))("Krippendorff's α: %s", (_id, c) =>
    close(krippendorffAlpha(c.units), c.alpha),
  );

  it("matches Krippendorff's published 0.743 on his own example", () => {
    expect(reference.alpha[0]!.alpha).toBeCloseTo(0.743, 3);
  });
});

describe('agreement', () => {
  it('uses κ for two reviewers and α for more, over shared items, with a seeded bootstrap interval around it', () => {
    const two = reference.kappa[0]!;
    const units = two.a.map((a, i) => [a, two.b[i] ?? null]);
    const kappa = agreement(units, 2)!;
    expect(kappa).toMatchObject({ statistic: 'cohen_kappa', reviewers: 2, items: 50 });
    close(kappa.value, two.kappa);
    expect(kappa.ci![0]).toBeLessThan(kappa.value!);
    expect(kappa.ci![1]).toBeGreaterThan(kappa.value!);
    expect(agreement(units, 2)).toEqual(kappa);
    const many = reference.alpha[2]!;
    const alpha = agreement(many.units, 4)!;
    expect(alpha.statistic).toBe('krippendorff_alpha');
    close(alpha.value, many.alpha);
    expect(agreement([['pass', null]], 2)).toBeNull();
  });
});
