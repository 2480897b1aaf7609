// `--repeat N --adaptive`: the sequential rule that stops repeating a question once its verdict is settled, and the
// exact chance that it ends on another verdict than all N repeats would have given (the error bound it states).
import { binomialAtLeast } from '../stats/binomial';
import { zForConfidence } from '../stats/normal-quantile';
import { wilson } from '../stats/wilson';

/**
 * A repeated question passes when it passed in more than half of its scored repeats (the matrix's rule): the pass
 * rate it is judged against.
 */
export const QUESTION_PASS_RATE = 0.5;

export type AdaptiveRule = Readonly<{
  /** The repeats planned per question (--repeat N). */
  repeat: number;
  /** Scored repeats before a question may stop. */
  minRepeats: number;
  /** Of the two-sided Wilson interval of the question's pass rate (e.g. 0.95). */
  confidence: number;
}>;

const DEFAULT_ADAPTIVE = { minRepeats: 3, confidence: 0.95 } as const;

/** The rule of a run's selection when it is adaptive (`--repeat N --adaptive`); undefined otherwise. */
export const adaptiveRuleOf = (
  selection: Readonly<{ repeat: number; adaptive?: boolean }>,
): AdaptiveRule | undefined => (selection.adaptive ? { repeat: selection.repeat, ...DEFAULT_ADAPTIVE } : undefined);

/** 'pass' or 'fail' once the interval of `passes` out of `trials` is clear of the question pass rate; else null. */
export function settledVerdict(passes: number, trials: number, rule: AdaptiveRule): 'pass' | 'fail' | null {
  if (trials < rule.minRepeats) return null;
  const ci = wilson(passes, trials, zForConfidence(rule.confidence));
  if (!ci) return null;
  if (ci[0] > QUESTION_PASS_RATE) return 'pass';
  if (ci[1] < QUESTION_PASS_RATE) return 'fail';
  return null;
}

/** The verdict of all the repeats a question got. */
export const fullVerdict = (passes: number, trials: number): 'pass' | 'fail' =>
  passes > trials * QUESTION_PASS_RATE ? 'pass' : 'fail';

export type AdaptiveOdds = Readonly<{
  /** P(the adaptive verdict differs from the verdict of all N repeats), both on the same answers. */
  disagreement: number;
  /** The expected repeats per question. */
  expectedRepeats: number;
}>;

/**
 * Exactly, for a question that passes each repeat with probability `p`: how often stopping early changes its verdict,
 * and how many repeats it takes on average (a walk over (repeats, passes), never a simulation).
 */
export function adaptiveOdds(p: number, rule: AdaptiveRule): AdaptiveOdds {
  const { repeat } = rule;
  let open = [1]; // open[k]: P(not stopped yet, k passes so far)
  let disagreement = 0;
  let expectedRepeats = 0;
  for (let n = 1; n <= repeat; n += 1) {
    const next = new Array<number>(n + 1).fill(0);
    open.forEach((mass, k) => {
      next[k]! += mass * (1 - p);
      next[k + 1]! += mass * p;
    });
    open = next;
    if (n === repeat) break;
    for (let k = 0; k <= n; k += 1) {
      const mass = open[k]!;
      const verdict = mass > 0 ? settledVerdict(k, n, rule) : null;
      if (!verdict) continue;
      // The full verdict passes with more than N/2 passes in all: at least floor(N/2) + 1 - k of the N - n left.
      const fullPasses = binomialAtLeast(Math.floor(repeat / 2) + 1 - k, repeat - n, p);
      disagreement += mass * (verdict === 'pass' ? 1 - fullPasses : fullPasses);
      expectedRepeats += mass * n;
      open[k] = 0;
    }
  }
  expectedRepeats += open.reduce((sum, mass) => sum + mass, 0) * repeat;
  return { disagreement, expectedRepeats };
}

/** The worst disagreement over every pass probability (a 1/1000 grid of p): the bound the report states. */
export function adaptiveErrorBound(rule: AdaptiveRule): number {
  let worst = 0;
  for (let i = 0; i <= 1000; i += 1) worst = Math.max(worst, adaptiveOdds(i / 1000, rule).disagreement);
  return worst;
}
