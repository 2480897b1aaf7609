// Active labeling: the stratum whose next label shrinks the interval most comes first, and it narrows faster than the queue.
import { describe, expect, it } from 'vitest';
import {
  activeOrder,
  countsOf,
  intervalWidth,
  stoppedPaying,
  strataGains,
  widthHistory,
  type ActiveItem,
} from '../../../../src-main/engine/trust/active-labeling';
import { langReiczigelInterval } from '../../../../src-main/engine/stats/rogan-gladen';
import { seededSet, simulate } from './active-labeling-fixture';

const item = (id: string, judgePass: boolean | null, human: ActiveItem['human'] = null, margin = 1): ActiveItem => ({
  id,
  judgePass,
  margin,
  human,
  labelledAt: human === null ? null : Number(id.slice(1)),
});
const observed = { n: 200, passed: 150 };

describe('active labeling', () => {
  it('measures the Lang & Reiczigel width of the Rogan-Gladen rate, 1 when there is no interval', () => {
    const c = { tp: 18, fn: 2, tn: 8, fp: 2 };
    const ci = langReiczigelInterval({ nP: 200, kP: 150, nSe: 20, kSe: 18, nSp: 10, kSp: 8 }, 1.959963984540054)!;
    expect(intervalWidth(c, observed, 0.95)).toBeCloseTo(ci[1] - ci[0], 12);
    // TPR + TNR <= 1: no interval.
    expect(intervalWidth({ tp: 1, fn: 1, tn: 1, fp: 1 }, observed, 0.95)).toBe(1);
    expect(intervalWidth(c, { n: 0, passed: 0 }, 0.95)).toBe(1);
  });

  it('ranks the stratum whose label shrinks the width most first, the least sure verdict first within it', () => {
    // Many judge-pass labels, few judge-fail: TNR is the uncertain rate, and judge-fail items are mostly human fails.
    const labelled = [
      ...Array.from({ length: 20 }, (_, i) => item(`l${i}`, true, i < 18 ? 'pass' : 'fail')),
      ...Array.from({ length: 4 }, (_, i) => item(`m${i}`, false, i < 3 ? 'fail' : 'pass')),
    ];
    const queue = [item('a', true, null, 0.2), item('b', false, null, 2), item('c', false, null, 0.5), item('d', null)];
    const { width, strata, order } = activeOrder([...labelled, ...queue], observed, 0.95);
    const gain = Object.fromEntries(strata.map((s) => [s.stratum, s.gain]));
    expect(gain.judge_fail!).toBeGreaterThan(gain.judge_pass!);
    expect(order.map((i) => i.id)).toEqual(['c', 'b', 'a', 'd']);
    expect(strata.find((s) => s.stratum === 'judge_fail')).toMatchObject({ unlabelled: 2 });
    // The expected width is the pass/fail mix of the two outcomes' widths, with one pseudo-label of each.
    const c = countsOf(labelled);
    const share = (c.fn + 1) / (c.fn + c.tn + 2);
    const expected =
      share * intervalWidth({ ...c, fn: c.fn + 1 }, observed, 0.95) +
      (1 - share) * intervalWidth({ ...c, tn: c.tn + 1 }, observed, 0.95);
    expect(strata.find((s) => s.stratum === 'judge_fail')!.expectedWidth).toBeCloseTo(expected, 12);
    expect(width).toBeCloseTo(intervalWidth(c, observed, 0.95), 12);
    expect(strataGains(labelled, observed, 0.95).width).toBe(width);
  });

  it('gives the width before and after each pass/fail label in label-time order; defers change nothing', () => {
    const items = [item('x3', false, 'fail'), item('x1', true, 'pass'), item('x2', true, 'defer'), item('x4', null)];
    const history = widthHistory(items, observed, 0.95);
    expect(history.map((h) => h.id)).toEqual(['x1', 'x3']);
    expect(history[0]!.before).toBe(intervalWidth({ tp: 0, tn: 0, fp: 0, fn: 0 }, observed, 0.95));
    expect(history[1]!.before).toBe(history[0]!.after);
    expect(history[1]!.after).toBe(intervalWidth({ tp: 1, tn: 1, fp: 0, fn: 0 }, observed, 0.95));
  });

  it('says labels stopped paying when the last `over` labels shrank the width by less than the step', () => {
    const steps = (widths: number[]) =>
      widths.slice(1).map((after, i) => ({ id: `s${i}`, before: widths[i]!, after, labelledAt: i }));
    expect(stoppedPaying(steps([0.3, 0.2, 0.198, 0.197, 0.196]), 0.005, 3)).toBe(true);
    expect(stoppedPaying(steps([0.3, 0.2, 0.19, 0.185, 0.184]), 0.005, 3)).toBe(false);
    expect(stoppedPaying(steps([0.3, 0.3, 0.3]), 0.005, 3)).toBe(false);
  });

  // Figures (20 seeds, 400 calls, pass rate 0.7, judge TPR 0.9 / TNR 0.8, gold set 60 stratified), mean width after
  // 10 / 20 / 30 labels: active 0.555 / 0.368 / 0.284, plain queue 0.563 / 0.435 / 0.405.
  it('narrows the interval faster than the plain queue on seeded sets', () => {
    const seeds = Array.from({ length: 20 }, (_, i) => i + 1);
    const runs = seeds.map((seed) => {
      const set = seededSet(seed);
      return { active: simulate(set, 'active', 30), plain: simulate(set, 'plain', 30) };
    });
    const meanAt = (mode: 'active' | 'plain', k: number) =>
      runs.reduce((sum, run) => sum + run[mode][k - 1]!, 0) / runs.length;
    for (const k of [10, 20, 30]) expect(meanAt('active', k)).toBeLessThan(meanAt('plain', k));
    expect(meanAt('active', 30)).toBeCloseTo(0.284, 3);
    expect(meanAt('plain', 30)).toBeCloseTo(0.405, 3);
    expect(runs.filter((run) => run.active[29]! < run.plain[29]!).length).toBeGreaterThanOrEqual(15);
    // The first item differs from the plain queue's on most seeds (the queue is a shuffle of both strata).
    const firstDiffers = seeds.filter((seed) => {
      const set = seededSet(seed);
      return activeOrder(set.gold, set.observed, 0.95).order[0]!.id !== set.gold[0]!.id;
    });
    expect(firstDiffers.length).toBeGreaterThan(5);
  });
});
