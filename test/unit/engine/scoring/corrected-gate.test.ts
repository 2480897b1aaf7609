import { describe, expect, it } from 'vitest';
import { correctedPassRate } from '../../../../src-main/engine/trust/corrected-pass-rate';
import { emptyTally } from '../../../../src-main/engine/scoring/tally';
import { computeVerdict, type VerdictInput } from '../../../../src-main/engine/scoring/verdict';
import type { Gate } from '../../../../src-shared/model';

const tally = { ...emptyTally(), scored: 100, passed: 80, scoreSum: 400 };
const gate = (bound?: 'lower' | 'point'): Gate => ({
  metric: 'corrected_pass_rate',
  threshold: 0.7,
  type: 'hard',
  ...(bound ? { bound } : {}),
});
/** A trusted relevance judge's standing, measured on `labels`. */
const trustedOn = (labels: Parameters<typeof correctedPassRate>[0]['labels']) => ({
  grader: 'relevance_grader' as const,
  state: 'trusted' as const,
  labels,
});
const verdictOf = (g: Gate, corrected: VerdictInput['corrected']) =>
  computeVerdict({ tally, total: 100, gate: g, questionPassThreshold: 3.5, corrected });

describe('a gate on corrected_pass_rate', () => {
  it('passes even at the lower bound when the whole interval clears the threshold', () => {
    const v = verdictOf(gate('lower'), { estimate: 0.8, ci: [0.72, 0.87] });
    expect(v.passed).toBe(true);
    expect(v.reason).toBe(
      'corrected_pass_rate 80.0% [72.0%, 87.0%] vs 70.0%: passes even at the lower bound (gate on the lower bound)',
    );
  });

  it('with bound lower, fails a rate that passes on the point estimate only; without, passes it and says so', () => {
    const corrected = { estimate: 0.74, ci: [0.65, 0.82] as [number, number] };
    const lower = verdictOf(gate('lower'), corrected);
    expect(lower.passed).toBe(false);
    expect(lower.reason).toMatch(
      /fails: not shown to pass, its interval straddles the threshold \(gate on the lower bound\)$/,
    );
    const point = verdictOf(gate(), corrected);
    expect(point.passed).toBe(true);
    expect(point.reason).toMatch(/passes on the point estimate only \(gate on the point estimate\)$/);
    const soft = verdictOf({ ...gate(), type: 'soft' }, corrected);
    expect(soft.reason).toMatch(/inconclusive: its interval straddles the threshold \(passes on the point estimate\)/);
    expect(verdictOf(gate('lower'), { estimate: 0.74, ci: null }).passed).toBe(false);
  });

  it('names the estimator and why it was used', () => {
    const v = verdictOf(gate('lower'), {
      estimate: 0.8,
      ci: [0.72, 0.87],
      estimator: 'rogan_gladen',
      why: 'the labels come from other runs',
    });
    expect(v.reason).toMatch(/\(gate on the lower bound\); Rogan-Gladen estimate: the labels come from other runs$/);
  });

  it('fails when no corrected rate could be computed (judge not trusted)', () => {
    const v = verdictOf(gate('lower'), null);
    expect(v).toMatchObject({ passed: false, gate_metric: 'corrected_pass_rate' });
    expect(v.reason).toMatch(/corrected_pass_rate unavailable/);
  });
});

describe('the corrected pass rate carries both estimators and names the one used', () => {
  const cells = [{ stratum: 'all' as const, weight: 1, tp: 19, tn: 18, fp: 2, fn: 1 }];
  const own = { cells, runIds: Array<string>(40).fill('r1') };
  it('uses the prediction-powered estimate for labels of the run’s own calls, keeping Rogan-Gladen beside it', () => {
    const rate = correctedPassRate(trustedOn(own), { n: 100, passed: 60 }, 0.95, 'r1')!;
    expect(rate.estimator).toBe('ppi');
    expect(rate.estimates.map((e) => e.estimator)).toEqual(['ppi', 'rogan_gladen']);
    const rg = rate.estimates[1]!;
    expect(rg.theta).toBeCloseTo(0.5 / 0.85, 15);
    // Post-stratified by the judge's verdict: 0.6·PPV + 0.4·(1 − NPV) = 0.6·19/21 + 0.4·1/19.
    expect(rate.theta).toBeCloseTo(0.6 * (19 / 21) + 0.4 * (1 / 19), 12);
    expect(rate.ci![0]).toBeLessThan(rate.theta!);
    expect(rate.ci![1]).toBeGreaterThan(rate.theta!);
  });

  it('falls back to Rogan-Gladen when no labelled item has a verdict the run gave', () => {
    const onlyPasses = {
      cells: [{ stratum: 'all' as const, weight: 1, tp: 19, tn: 0, fp: 2, fn: 0 }],
      runIds: own.runIds,
    };
    const rate = correctedPassRate(trustedOn(onlyPasses), { n: 50, passed: 30 }, 0.95, 'r1')!;
    expect(rate.estimates[0]).toMatchObject({ estimator: 'ppi', ci: null });
    expect(rate.estimator).toBe('rogan_gladen');
  });
});

describe('a gate the interval leaves unsettled says what would settle it', () => {
  const labels = { cells: [{ stratum: 'all' as const, weight: 1, tp: 30, fn: 4, fp: 3, tn: 13 }], runIds: [] };
  const standing = trustedOn(labels);
  const observed = { n: 400, passed: 260 };

  it('counts labels and judged answers for a gate on the lower bound, and says it in the reason', () => {
    const rate = correctedPassRate(standing, observed, 0.95, 'r1', { ...gate('lower'), threshold: 0.55 })!;
    expect(rate.ci![0]).toBeLessThan(0.55);
    expect(rate.settle?.labels[0]).toMatchObject({ kind: 'labels', stratum: 'all' });
    expect(rate.settle!.labels[0]!.more).toBeGreaterThan(0);
    const v = verdictOf(
      { ...gate('lower'), threshold: 0.6 },
      { estimate: rate.theta!, ci: rate.ci, settle: rate.settle },
    );
    expect(v.passed).toBe(false);
    expect(v.reason).toContain(
      `fails: not shown to pass, its interval straddles the threshold (gate on the lower bound); to settle it, about ${rate.settle!.labels[0]!.more} more agreed labels of answers drawn as the labels were`,
    );
  });

  it('gives none when the gate is settled, or a hard gate on the point estimate is not inconclusive', () => {
    expect(correctedPassRate(standing, observed, 0.95, 'r1', { ...gate('lower'), threshold: 0.3 })!.settle).toBeNull();
    expect(correctedPassRate(standing, observed, 0.95, 'r1', { ...gate(), threshold: 0.6 })!.settle).toBeNull();
    const soft = correctedPassRate(standing, observed, 0.95, 'r1', { ...gate(), type: 'soft', threshold: 0.55 })!;
    expect(soft.settle?.labels.length).toBeGreaterThan(0);
  });

  it('counts labels and answers together when neither alone would settle it', () => {
    // 400 answers leave the run's own noise about as wide as the distance: labels alone never get there.
    const rate = correctedPassRate(standing, observed, 0.95, 'r1', { ...gate('lower'), threshold: 0.6 })!;
    expect(rate.settle).toMatchObject({ labels: [], answers: null, note: null });
    expect(rate.settle!.both!.labels).toBeGreaterThan(0);
    expect(rate.settle!.both!.answers).toBeGreaterThan(0);
  });
});
