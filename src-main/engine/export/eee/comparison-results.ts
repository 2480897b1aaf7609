// A run compared with a baseline run, as two extra results of its EEE aggregate: the paired difference in mean score
// (with its bootstrap interval) and in pass rate (with McNemar's p), both naming the baseline run they are against.
import type { StoreApi } from '../../../store/store';
import { DEFAULT_BOOTSTRAP, passRateSentence, type PairedComparison } from '../../compare/paired-stats';
import { loadMatrixSources, matrixStatistics } from '../../compare/run-matrix';
import type { EeeResult } from './eee-types';
import { comparisonMetricId, evaluationIdOf } from './eee-names';
import { str } from './result-context';

export type BaselineComparison = Readonly<{
  baselineRunId: string;
  baselineEvaluationId: string;
  comparison: PairedComparison;
}>;

/** The paired statistics of `runId` against `baselineRunId`, exactly as the matrix computes them. */
export async function baselineComparison(
  db: StoreApi,
  baselineRunId: string,
  runId: string,
): Promise<BaselineComparison> {
  const sources = await loadMatrixSources(db, [baselineRunId, runId]);
  const [, comparison] = await matrixStatistics(sources, 0);
  return {
    baselineRunId,
    baselineEvaluationId: evaluationIdOf(sources[0]!.run.identity, baselineRunId),
    comparison: comparison!,
  };
}

type Named = (key: string) => Omit<EeeResult, 'metric_config' | 'score_details'>;

const BOOTSTRAP_METHOD = `paired bootstrap over questions (${DEFAULT_BOOTSTRAP.resamples} resamples, seed ${DEFAULT_BOOTSTRAP.seed})`;

/** The comparison's results; the score difference is left out when no question was scored in both runs. */
export function comparisonResults(input: BaselineComparison, named: Named): EeeResult[] {
  const { comparison, baselineRunId, baselineEvaluationId } = input;
  const against = { baseline_run_id: baselineRunId, baseline_evaluation_id: baselineEvaluationId };
  const counts = {
    paired_questions: str(comparison.paired),
    improved: str(comparison.improved),
    worsened: str(comparison.worsened),
    mcnemar_p: str(comparison.mcnemarP),
    sentence: comparison.sentence,
    ...against,
  };
  const results: EeeResult[] = [];
  const score = comparison.scoreDifference;
  if (score !== null)
    results.push({
      ...named('vs_baseline_score'),
      metric_config: {
        evaluation_description: `Mean composite score of this run minus that of baseline run ${baselineRunId}, paired over the questions both scored`,
        metric_id: comparisonMetricId('vs_baseline_score'),
        metric_name: 'Score difference vs baseline',
        metric_kind: 'paired_difference',
        metric_unit: 'points',
        lower_is_better: false,
        score_type: 'continuous',
        min_score: -5,
        max_score: 5,
        additional_details: { ...against, method: BOOTSTRAP_METHOD },
      },
      score_details: {
        score: score.estimate,
        details: counts,
        uncertainty: {
          confidence_interval: {
            lower: score.lower,
            upper: score.upper,
            confidence_level: DEFAULT_BOOTSTRAP.level,
            method: BOOTSTRAP_METHOD,
          },
          num_samples: comparison.paired,
          num_bootstrap_samples: DEFAULT_BOOTSTRAP.resamples,
        },
      },
    });
  if (comparison.passRateDifference !== null)
    results.push({
      ...named('vs_baseline_pass_rate'),
      metric_config: {
        evaluation_description: `Pass rate of this run minus that of baseline run ${baselineRunId}, over the questions both scored; McNemar's exact test on the questions that pass in only one of them`,
        metric_id: comparisonMetricId('vs_baseline_pass_rate'),
        metric_name: 'Pass rate difference vs baseline',
        metric_kind: 'paired_difference',
        metric_unit: 'proportion',
        lower_is_better: false,
        score_type: 'continuous',
        min_score: -1,
        max_score: 1,
        additional_details: { ...against, method: "McNemar's exact test (two-sided) on discordant pairs" },
      },
      score_details: {
        score: comparison.passRateDifference,
        // The pass-rate sentence, not the score's: this result is the pass-rate difference.
        details: { ...counts, sentence: passRateSentence('This run', comparison) },
        uncertainty: { num_samples: comparison.paired },
      },
    });
  return results;
}
