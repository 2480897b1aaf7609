// The acceptance rule (docs/optimizer.md): a candidate wins only by more than the margin AND more than twice the noise.
import type { Measurement } from '../../../src-shared/model';
import { spreadOf, standardErrorOfDifference, type Spread } from '../stats/spread';

export type AcceptanceRule = Readonly<{
  /** settings.optimizer.improvement_margin, on the 0-5 avg_score scale. */
  margin: number;
  /** Accept on the margin alone when a side has one run (the noise cannot be measured); off unless the user asks. */
  allowUnknownNoise: boolean;
}>;

export type Decision = Readonly<{ accepted: boolean; gain: number | null; noise: number | null; reason: string }>;

const f = (value: number) => value.toFixed(2);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;
const runs = (n: number) => `${n} run${n === 1 ? '' : 's'}`;

/** Decides one candidate against the baseline and says why in words, with every number that decided it. */
export function decide(baseline: Spread, candidate: Spread, rule: AcceptanceRule): Decision {
  if (baseline.mean === null || candidate.mean === null) {
    const side = baseline.mean === null ? 'the baseline' : 'the candidate';
    return {
      accepted: false,
      gain: null,
      noise: null,
      reason: `rejected: ${side} scored no question in any run, so nothing can be compared`,
    };
  }
  const gain = candidate.mean - baseline.mean;
  const means = `mean avg_score ${f(candidate.mean)} (${runs(candidate.n)}) vs baseline ${f(baseline.mean)} (${runs(baseline.n)}), gain ${signed(gain)}`;
  if (!(gain > rule.margin)) {
    return {
      accepted: false,
      gain,
      noise: null,
      reason: `rejected: ${means} is not above the improvement margin ${f(rule.margin)}`,
    };
  }
  const se = standardErrorOfDifference(baseline, candidate);
  if (se === null) {
    const why = `with ${runs(Math.min(baseline.n, candidate.n))} on a side the run-to-run noise is unknown`;
    if (rule.allowUnknownNoise) {
      return {
        accepted: true,
        gain,
        noise: null,
        reason: `accepted: ${means} is above the margin ${f(rule.margin)}; ${why}, accepted on the margin alone as asked`,
      };
    }
    return {
      accepted: false,
      gain,
      noise: null,
      reason: `rejected: ${means} is above the margin ${f(rule.margin)}, but ${why}, so the gain cannot be told from noise; set settings.optimizer.candidate_runs to 2 or more`,
    };
  }
  const noise = 2 * se;
  const spreads = `run-to-run SD ${f(baseline.sd ?? 0)} baseline, ${f(candidate.sd ?? 0)} candidate`;
  if (!(gain > noise)) {
    return {
      accepted: false,
      gain,
      noise,
      reason: `rejected: ${means} is above the margin ${f(rule.margin)} but within the noise: 2 × SE of the difference = ${f(noise)} (${spreads})`,
    };
  }
  return {
    accepted: true,
    gain,
    noise,
    reason: `accepted: ${means} is above the margin ${f(rule.margin)} and above the noise, 2 × SE of the difference = ${f(noise)} (${spreads})`,
  };
}

/** A measurement as the contract carries it. */
export const toMeasurement = (runIds: readonly string[], scores: readonly (number | null)[]): Measurement => {
  const spread = spreadOf(scores);
  return { runIds: [...runIds], scores: [...scores], mean: spread.mean, sd: spread.sd };
};
