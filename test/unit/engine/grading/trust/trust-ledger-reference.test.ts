import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreement, cohenKappa, krippendorffAlpha } from '../../../../../src-main/engine/stats/agreement';
import { zForConfidence } from '../../../../../src-main/engine/stats/normal-quantile';
import { postStratifiedWeights, ppiMean } from '../../../../../src-main/engine/grading/trust/ppi';

type Reference = {
  tool: string;
  kappa: { id: string; a: (string | null)[]; b: (string | null)[]; kappa: number | null }[];
  alpha: { id: string; units: (string | null)[][]; alpha: number | null }[];
  ppi: {
    id: string;
    y: number[];
    f: number[];
    f_unlabelled: number[];
    post_stratified: boolean;
    w: number[];
    confidence: number;
    lambda: number;
    theta: number;
    lower: number;
    upper: number;
    z: number;
  }[];
};

// Computed by scripts/reference/trust-ledger.py (NumPy and SciPy, from the papers' formulas).
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../fixtures/reference/trust_ledger_reference.json'), 'utf8'),
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

  it.each(reference.ppi.map((c) => [c.id, c] as const))('PPI++ mean and interval: %s', (_id, c) => {
    if (c.post_stratified) postStratifiedWeights(c.f, c.f_unlabelled)!.forEach((w, i) => close(w, c.w[i]!));
    close(zForConfidence(c.confidence), c.z);
    const result = ppiMean({ y: c.y, f: c.f, w: c.w }, c.f_unlabelled, c.confidence)!;
    close(result.lambda, c.lambda);
    close(result.theta, c.theta);
    close(result.ci[0], c.lower);
    close(result.ci[1], c.upper);
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
