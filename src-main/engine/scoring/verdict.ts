// The verdict of a complete run (docs/grading.md): averages, Wilson interval, coverage and the hard or soft gate.
import type { Gate, SettleAdvice, Verdict } from '../../../src-shared/model';
import { ESTIMATOR_NAME, settleInWords } from '../../../src-shared/text/corrected-rate-words';
import { averageScore, type Tally } from './tally';
import { clusteredWilson, type Cluster } from '../stats/clustered-rate';
import { wilson } from '../stats/wilson';
import { gateUnsettled } from '../stats/settle';

/** Below this share of scored questions a target fails whatever its score: an outage can never pass a gate. */
export const MIN_COVERAGE = 0.5;

export type VerdictInput = Readonly<{
  tally: Tally;
  /** Questions (× repeats) planned: the enabled questions, so coverage = scored / (total − disabled). */
  total: number;
  gate: Gate;
  questionPassThreshold: number;
  /** The trusted judge's corrected pass rate, for a gate on corrected_pass_rate (null: none could be computed). */
  corrected?: Readonly<{
    estimate: number;
    ci: readonly [number, number] | null;
    /** The estimator used and why (the verdict names both). */
    estimator?: 'ppi' | 'rogan_gladen';
    why?: string;
    /** What would settle a gate it leaves unsettled. */
    settle?: SettleAdvice | null;
  }> | null;
  /** The run's quarantined questions and their share of `tally` and `total`: counted and shown, left out of the gate. */
  quarantine?: Quarantined;
  /**
   * An adaptive run's gate weighs each question once (its settled questions stopped after fewer repeats): the
   * questions the gate counts (quarantine left out) with their pass and score shares summed.
   */
  perQuestion?: PerQuestion;
  /**
   * The gate's questions' scored repeats (quarantine left out): with repeats, the pass rate's interval treats each
   * question as one cluster of correlated trials. Absent: every result an independent trial.
   */
  clusters?: readonly Cluster[];
}>;

/** Over questions with a scored repeat: how many, Σ passed/scored repeats, Σ mean score. */
export type PerQuestion = Readonly<{ questions: number; passed: number; scoreSum: number }>;

export type Quarantined = Readonly<{ ids: readonly string[]; tally: Tally; total: number }>;

/** `tally` without `part`. */
const minus = (tally: Tally, part: Tally): Tally => ({
  scored: tally.scored - part.scored,
  unscored: tally.unscored - part.unscored,
  degraded: tally.degraded - part.degraded,
  passed: tally.passed - part.passed,
  errors: tally.errors - part.errors,
  scoreSum: tally.scoreSum - part.scoreSum,
});

/** What the verdict's reason adds for a quarantine, so it never leaves a question out silently. */
export const quarantineNote = (ids: readonly string[]): string =>
  `${ids.length} quarantined question${ids.length === 1 ? '' : 's'} left out: ${ids.join(', ')}`;

const fmt = (value: number, metric: Gate['metric']) =>
  metric === 'avg_score' ? value.toFixed(2) : `${(value * 100).toFixed(1)}%`;
const pct = (value: number) => fmt(value, 'pass_rate');

/**
 * A gate on corrected_pass_rate: on the point estimate, or on the interval's lower bound when `bound: lower`; the
 * reason says whether the rate passes even at the lower bound or on the point estimate only, names the estimator and
 * why it was used. When the interval straddles the threshold, a gate on the lower bound "fails: not shown to pass" and
 * a soft gate on the point estimate is "inconclusive".
 */
function correctedGate(
  gate: Gate,
  corrected: VerdictInput['corrected'],
): Readonly<{ passed: boolean; reason: string }> {
  if (!corrected)
    return {
      passed: false,
      reason: 'corrected_pass_rate unavailable: the deciding judge is not trusted or scored nothing',
    };
  const { estimate, ci } = corrected;
  const shown = `corrected_pass_rate ${pct(estimate)}${ci ? ` [${pct(ci[0])}, ${pct(ci[1])}]` : ' (no interval)'}`;
  const atLower = ci !== null && ci[0] >= gate.threshold;
  const atPoint = estimate >= gate.threshold;
  const passed = gate.bound === 'lower' ? atLower : atPoint;
  const straddles = ci !== null && ci[0] < gate.threshold && ci[1] >= gate.threshold;
  const settle = gateUnsettled(gate, ci) ? settleInWords(corrected.settle) : null;
  const how = atLower
    ? 'passes even at the lower bound'
    : straddles && gate.bound === 'lower'
      ? 'fails: not shown to pass, its interval straddles the threshold'
      : straddles && gate.type === 'soft'
        ? `inconclusive: its interval straddles the threshold (${atPoint ? 'passes' : 'fails'} on the point estimate)`
        : atPoint
          ? 'passes on the point estimate only'
          : 'fails on the point estimate';
  const on = gate.bound === 'lower' ? 'gate on the lower bound' : 'gate on the point estimate';
  const by = corrected.estimator
    ? `; ${ESTIMATOR_NAME[corrected.estimator]}${corrected.why ? `: ${corrected.why}` : ''}`
    : '';
  return { passed, reason: `${shown} vs ${pct(gate.threshold)}: ${how} (${on})${settle ? `; ${settle}` : ''}${by}` };
}

export function computeVerdict(input: VerdictInput): Verdict {
  const { quarantine } = input;
  if (!quarantine || quarantine.ids.length === 0) return gateVerdict(input);
  // The counts stay the whole run's (every question ran and is shown); the gate's figures leave the quarantine out.
  const gated = gateVerdict({
    ...input,
    tally: minus(input.tally, quarantine.tally),
    total: input.total - quarantine.total,
  });
  return {
    ...gated,
    counts: countsOf(input.tally, input.total),
    reason: `${gated.reason}; ${quarantineNote(quarantine.ids)}`,
    quarantined: [...quarantine.ids],
  };
}

const countsOf = (tally: Tally, total: number): Verdict['counts'] => ({
  total,
  scored: tally.scored,
  unscored: tally.unscored,
  degraded: tally.degraded,
  passed: tally.passed,
});

/** What the gate measures, over the repeats or each question once: passes, sample size, average score. */
function gateSample(tally: Tally, perQuestion: PerQuestion | undefined) {
  if (!perQuestion) return { passed: tally.passed, n: tally.scored, avg: averageScore(tally) };
  const { passed, questions: n, scoreSum } = perQuestion;
  return { passed, n, avg: n > 0 ? scoreSum / n : null };
}

/** The pass rate's 95% interval: over questions for an adaptive gate, clustered by question with repeats. */
function passRateInterval(
  sample: { passed: number; n: number },
  perQuestion?: PerQuestion,
  clusters?: readonly Cluster[],
) {
  if (!perQuestion && clusters && clusters.some((c) => c.trials > 1)) return clusteredWilson(clusters)?.ci ?? null;
  return wilson(sample.passed, sample.n);
}

function gateVerdict({
  tally,
  total,
  gate,
  questionPassThreshold,
  corrected,
  perQuestion,
  clusters,
}: VerdictInput): Verdict {
  const sample = gateSample(tally, perQuestion);
  const avg = sample.avg;
  const passRate = sample.n > 0 ? sample.passed / sample.n : null;
  const coverage = total > 0 ? tally.scored / total : 0;
  const base = {
    gate_metric: gate.metric,
    gate_type: gate.type,
    threshold: gate.threshold,
    avg_score: avg,
    pass_rate: passRate,
    pass_rate_ci: passRateInterval(sample, perQuestion, clusters),
    coverage,
    corrected_pass_rate: null,
    judges: [],
    question_pass_threshold: questionPassThreshold,
    counts: countsOf(tally, total),
  };
  if (coverage < MIN_COVERAGE) {
    const reason =
      `insufficient coverage: ${tally.scored} of ${total} scored (${(coverage * 100).toFixed(0)}%, minimum ${MIN_COVERAGE * 100}%); ` +
      `${tally.degraded} degraded, ${tally.unscored} unscored`;
    return { ...base, passed: false, reason };
  }
  if (gate.metric === 'corrected_pass_rate') return { ...base, ...correctedGate(gate, corrected) };
  const measured = gate.metric === 'avg_score' ? avg : passRate;
  // Coverage ≥ 0.5 implies at least one scored question; never fall back to a score of 0.
  if (measured === null) throw new Error('verdict: coverage is sufficient but nothing was scored');
  const passed = measured >= gate.threshold;
  const reason = `${gate.metric} ${fmt(measured, gate.metric)} ${passed ? '≥' : '<'} ${fmt(gate.threshold, gate.metric)}`;
  return { ...base, passed, reason };
}
