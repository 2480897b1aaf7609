// The aggregate's evaluation_results of one run: one per grader, then composite, pass rates, coverage, gate, latency, cost.
import { GRADER_CATALOG, type GraderId, type RunIdentity, type Verdict } from '../../../../src-shared/model';
import { ESTIMATOR_NAME, settleInWords } from '../../../../src-shared/text/corrected-rate-words';
import type { EeeJudge, EeeResult, StringMap } from './eee-types';
import { graderMetricId, resultIdOf, runMetricId, type RunMetric } from './eee-names';
import { generationConfig, sourceData, str, uncertainty } from './result-context';
import { quantile } from '../../stats/quantile';
import { type GraderStats, type RunStats } from '../../scoring/run-stats';
import { comparisonResults, type BaselineComparison } from './comparison-results';
import { wilson } from '../../stats/wilson';

/** What the export knows of a grader's judge: its model info, trust and the prompt it was given. */
export type JudgeExport = Readonly<{ judge: EeeJudge; inputPrompt: string }>;

export type ResultsInput = Readonly<{
  identity: RunIdentity;
  verdict: Verdict;
  stats: RunStats;
  evaluationTimestamp: string;
  judges: ReadonlyMap<string, JudgeExport>;
  /** When exported from a comparison: the paired statistics against its baseline run. */
  comparison?: BaselineComparison;
}>;

/**
 * The verdict's figures over every scored question: a quarantine's questions are in the samples and the graders'
 * means, so the composite and pass rate are too; only the gate result (its reason, `quarantined`) leaves them out.
 * An adaptive run's gate weighs each question once; its composite and pass rate here are over every repeat asked.
 */
export function wholeRun(verdict: Verdict, compositeMean: number | null): Verdict {
  if (!verdict.quarantined?.length && !verdict.adaptive) return verdict;
  const { scored, passed } = verdict.counts;
  return {
    ...verdict,
    avg_score: compositeMean,
    pass_rate: scored > 0 ? passed / scored : null,
    pass_rate_ci: wilson(passed, scored),
  };
}

export function buildResults(input: ResultsInput): EeeResult[] {
  const { identity, stats } = input;
  const verdict = wholeRun(input.verdict, stats.composite.mean);
  const datasetId = identity.dataset.id;
  const common = {
    source_data: sourceData(identity, verdict.counts.total),
    evaluation_timestamp: input.evaluationTimestamp,
    generation_config: generationConfig(identity),
  };
  const named = (key: string) => ({
    evaluation_result_id: resultIdOf(datasetId, key),
    evaluation_name: resultIdOf(datasetId, key),
    ...common,
  });
  const threshold = str(verdict.question_pass_threshold);
  const results: EeeResult[] = [];

  for (const graderId of identity.graders) {
    const graderStats: GraderStats | undefined = stats.graders.get(graderId);
    const mean = graderStats?.moments.mean ?? null;
    if (!graderStats || mean === null) continue;
    const info = GRADER_CATALOG[graderId as GraderId];
    const judge = input.judges.get(graderId);
    results.push({
      ...named(graderId),
      metric_config: {
        evaluation_description: `${info?.label ?? graderId}: the mean over the questions this grader scored, on its own scale`,
        metric_id: graderMetricId(graderId),
        metric_name: info?.label ?? graderId,
        metric_kind: info?.kind === 'llm_judge' ? 'judge_score' : 'score',
        metric_unit: 'points',
        lower_is_better: false,
        score_type: 'continuous',
        min_score: graderStats.min,
        max_score: graderStats.max,
        ...(judge ? { llm_scoring: { judges: [judge.judge], input_prompt: judge.inputPrompt } } : {}),
        additional_details: {
          grader_type: info?.kind === 'llm_judge' ? 'llm_judge' : 'code',
          pass_threshold: threshold,
        },
      },
      score_details: {
        score: mean,
        details: {
          scored: str(graderStats.moments.n),
          skipped: str(graderStats.skipped),
          errors: str(graderStats.errors),
        },
        uncertainty: uncertainty(graderStats.moments),
      },
    });
  }

  const runResult = (
    metric: RunMetric,
    config: Omit<EeeResult['metric_config'], 'metric_id'>,
    score_details: EeeResult['score_details'],
  ): void => {
    results.push({ ...named(metric), metric_config: { metric_id: runMetricId(metric), ...config }, score_details });
  };
  const proportion = {
    metric_unit: 'proportion',
    lower_is_better: false,
    score_type: 'continuous',
    min_score: 0,
    max_score: 1,
  } as const;
  const unbounded = { lower_is_better: true, score_type: 'continuous', min_score: 0, max_score: 'Infinity' } as const;

  if (verdict.avg_score !== null) {
    runResult(
      'composite',
      {
        evaluation_description:
          "Question score: the mean of its graders' 0-5 scores; this is the mean over scored questions",
        metric_name: 'Composite score',
        metric_kind: 'composite_score',
        metric_unit: 'points',
        lower_is_better: false,
        score_type: 'continuous',
        min_score: 0,
        max_score: 5,
        additional_details: {
          formula: 'mean of grader scores normalised to 0-5',
          components: identity.graders.join(','),
          weights_json: JSON.stringify(Object.fromEntries(identity.graders.map((id) => [id, 1]))),
          pass_threshold: threshold,
        },
      },
      { score: verdict.avg_score, uncertainty: uncertainty(stats.composite) },
    );
  }
  if (verdict.pass_rate !== null) {
    const ci = verdict.pass_rate_ci;
    runResult(
      'pass_rate',
      {
        evaluation_description: `Share of scored questions whose score is >= ${threshold}`,
        metric_name: 'Pass rate',
        metric_kind: 'pass_rate',
        ...proportion,
        additional_details: { pass_threshold: threshold },
      },
      {
        score: verdict.pass_rate,
        uncertainty: {
          num_samples: verdict.counts.scored,
          ...(ci
            ? { confidence_interval: { lower: ci[0], upper: ci[1], confidence_level: 0.95, method: 'wilson' } }
            : {}),
        },
      },
    );
  }
  const corrected = verdict.corrected_pass_rate;
  if (corrected) {
    runResult(
      'corrected_pass_rate',
      {
        evaluation_description: "Pass rate corrected for the deciding judge's TPR/TNR",
        metric_name: 'Corrected pass rate',
        metric_kind: 'pass_rate',
        ...proportion,
        additional_details: { method: corrected.method },
      },
      {
        score: corrected.estimate,
        details: {
          raw_pass_rate: str(verdict.pass_rate ?? 'null'),
          method: corrected.method,
          grader: corrected.grader,
          n: str(corrected.n),
          passed: str(corrected.passed),
          observed: str(corrected.observed),
          confidence: str(corrected.confidence),
          ...(corrected.note !== null ? { note: corrected.note } : {}),
          ...estimatorDetails(corrected),
        },
        ...(corrected.ci
          ? {
              uncertainty: {
                confidence_interval: {
                  lower: corrected.ci[0],
                  upper: corrected.ci[1],
                  confidence_level: corrected.confidence,
                  method: corrected.method,
                },
              },
            }
          : {}),
      },
    );
  }
  const { counts } = verdict;
  runResult(
    'coverage',
    {
      evaluation_description: 'Share of questions that were scored (neither degraded nor unscored)',
      metric_name: 'Coverage',
      metric_kind: 'coverage',
      ...proportion,
    },
    {
      score: verdict.coverage,
      details: {
        total: str(counts.total),
        scored: str(counts.scored),
        unscored: str(counts.unscored),
        degraded: str(counts.degraded),
        passed: str(counts.passed),
        input_tokens_total: str(stats.inputTokens),
        output_tokens_total: str(stats.outputTokens),
      },
      uncertainty: { num_samples: counts.total },
    },
  );
  const gateDetails: StringMap = {
    gate_metric: verdict.gate_metric,
    gate_type: verdict.gate_type,
    threshold: str(verdict.threshold),
    rule: `${verdict.gate_metric}${identity.gate.bound === 'lower' ? ' lower bound' : ''} >= ${verdict.threshold}`,
    encoding: '1=pass,0=fail',
  };
  if (identity.gate.bound) gateDetails.bound = identity.gate.bound;
  if (identity.gate.judge) gateDetails.judge = identity.gate.judge;
  runResult(
    'gate',
    {
      evaluation_description: 'The quality gate of the target: 1 = passed, 0 = failed',
      metric_name: 'Gate',
      metric_kind: 'gate',
      lower_is_better: false,
      score_type: 'binary',
      min_score: 0,
      max_score: 1,
      additional_details: gateDetails,
    },
    {
      score: verdict.passed ? 1 : 0,
      details: {
        verdict: verdict.passed ? 'pass' : 'fail',
        reason: verdict.reason,
        question_pass_threshold: threshold,
        // The target's quarantine: in the counts, left out of the gate (comma-separated question ids).
        ...(verdict.quarantined?.length ? { quarantined: verdict.quarantined.join(',') } : {}),
      },
    },
  );
  const p50 = quantile(stats.latencies, 0.5);
  if (p50 !== undefined) {
    runResult(
      'latency_p50',
      {
        evaluation_description: 'Median latency of the target call per question',
        metric_name: 'Latency p50',
        metric_kind: 'latency',
        metric_unit: 'ms',
        ...unbounded,
      },
      {
        score: p50,
        details: {
          p90_ms: str(quantile(stats.latencies, 0.9) as number),
          max_ms: str(quantile(stats.latencies, 1) as number),
          questions: str(stats.latencies.length),
        },
      },
    );
  }
  if (stats.withCost > 0) {
    runResult(
      'cost',
      {
        evaluation_description: 'Total cost of the target calls of the run',
        metric_name: 'Cost',
        metric_kind: 'cost',
        metric_unit: 'usd',
        ...unbounded,
      },
      { score: stats.costUsd, details: { questions_with_cost: str(stats.withCost) } },
    );
  }
  if (input.comparison) results.push(...comparisonResults(input.comparison, named));
  return results;
}

/**
 * The estimators named in the envelope as on the run page: the one used (its code, name and why), the other with its
 * figure or why it is not used, and what would settle a gate the interval leaves unsettled.
 */
function estimatorDetails(corrected: NonNullable<Verdict['corrected_pass_rate']>): Record<string, string> {
  const out: Record<string, string> = {};
  if (corrected.estimator) {
    out.estimator = corrected.estimator;
    out.estimator_name = ESTIMATOR_NAME[corrected.estimator];
  }
  if (corrected.why) out.estimator_why = corrected.why;
  const other = corrected.estimates?.find((e) => e.estimator !== corrected.estimator);
  if (other)
    out.other_estimator = `${ESTIMATOR_NAME[other.estimator]}: ${
      other.theta !== null ? `${other.theta}${other.ci ? ` [${other.ci[0]}, ${other.ci[1]}]` : ''}` : 'none'
    }${other.note ? ` (${other.note})` : ''}`;
  const settle = settleInWords(corrected.settle);
  if (settle) out.settle = settle;
  return out;
}
