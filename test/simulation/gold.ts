// A judge's gold labels as the product draws them (sample-traces / judges.sample): from other runs' calls or from the
// evaluated run's own, stratified 50/50 on the judge's verdict or a simple random sample, with the design recorded.
import type { LabelCell } from '../../src-main/engine/stats/label-cells';
import { binomial, hypergeometric, type Random } from './sim-data';

export type Judge = Readonly<{ name: string; tpr: number; tnr: number }>;
export type Design = '50/50' | 'proportional';

/** One stratum of a drawn gold set: its confusion counts and the chance each of its items had of being drawn. */
export type GoldCell = Readonly<{
  stratum: 'judge_pass' | 'judge_fail' | 'all';
  inclusionProbability: number;
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}>;

/** The run the labels come from or the evaluated run: its items' truth (human pass) and the judge's verdicts. */
export type RunDraw = Readonly<{
  n: number;
  judgePasses: number;
  humanPassOfJudgePass: number;
  humanPassOfJudgeFail: number;
}>;

/** A run of `n` answers whose true pass rate is theta, graded by the judge. */
export function drawRun(theta: number, judge: Judge, n: number, random: Random): RunDraw {
  let judgePasses = 0;
  let humanPassOfJudgePass = 0;
  let humanPassOfJudgeFail = 0;
  for (let i = 0; i < n; i += 1) {
    const human = random() < theta;
    const judgePass = random() < (human ? judge.tpr : 1 - judge.tnr);
    if (judgePass) judgePasses += 1;
    if (human && judgePass) humanPassOfJudgePass += 1;
    if (human && !judgePass) humanPassOfJudgeFail += 1;
  }
  return { n, judgePasses, humanPassOfJudgePass, humanPassOfJudgeFail };
}

/** The product's split of n labels (sample-calls.ts): half judge-fail (the odd one), topping up from the other class. */
function split(n: number, passes: number, fails: number): [number, number] {
  let nFail = Math.min(fails, Math.ceil(n / 2));
  const nPass = Math.min(passes, n - nFail);
  nFail = Math.min(fails, n - nPass);
  return [nPass, nFail];
}

/** n labels drawn from a run's calls, without replacement, as the product's sampler draws them. */
export function drawGold(run: RunDraw, design: Design, n: number, random: Random): GoldCell[] {
  const passes = run.judgePasses;
  const fails = run.n - passes;
  const [good1, good0] = [run.humanPassOfJudgePass, run.humanPassOfJudgeFail];
  if (design === 'proportional') {
    const take = Math.min(n, run.n);
    const n1 = hypergeometric(passes, fails, take, random);
    const tp = hypergeometric(good1, passes - good1, n1, random);
    const fn = hypergeometric(good0, fails - good0, take - n1, random);
    const p = take / run.n;
    return [{ stratum: 'all', inclusionProbability: p, tp, fn, fp: n1 - tp, tn: take - n1 - fn }];
  }
  const [n1, n0] = split(n, passes, fails);
  const tp = hypergeometric(good1, passes - good1, n1, random);
  const fn = hypergeometric(good0, fails - good0, n0, random);
  const cells: GoldCell[] = [];
  if (n1 > 0) cells.push({ stratum: 'judge_pass', inclusionProbability: n1 / passes, tp, fn: 0, fp: n1 - tp, tn: 0 });
  if (n0 > 0) cells.push({ stratum: 'judge_fail', inclusionProbability: n0 / fails, tp: 0, fn, fp: 0, tn: n0 - fn });
  return cells;
}

/** The cells' plain counts (what an unweighted estimate reads). */
export const totals = (cells: readonly GoldCell[]) =>
  cells.reduce((sum, c) => ({ tp: sum.tp + c.tp, fn: sum.fn + c.fn, fp: sum.fp + c.fp, tn: sum.tn + c.tn }), {
    tp: 0,
    fn: 0,
    fp: 0,
    tn: 0,
  });

/** The cells as the product reads a gold set: each stratum weighted by the inverse of its inclusion probability. */
export const designCells = (cells: readonly GoldCell[]): LabelCell[] =>
  cells.map(({ inclusionProbability, ...counts }) => ({ ...counts, weight: 1 / inclusionProbability }));

/** Binomial draws re-exported for the families that need a plain count. */
export { binomial };
