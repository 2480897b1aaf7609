// An aggregate this app wrote, checked against itself with or without its samples file: the question counts against
// coverage, pass rate and total_rows, the composite against its grader means, the declared checksum's form. A file
// that disagrees with itself was edited after export and is refused.
import { toZeroFive } from '../../scoring/normalise';
import { graderOfMetric, LIBRARY_NAME, runMetricId, type RunMetric } from './eee-names';
import { roundingOf } from './envelope-consistency';
import type { EeeAggregate, EeeResult } from './eee-types';

/** Our own files name our library and the run they came from. */
export const isOwnAggregate = (aggregate: EeeAggregate): boolean =>
  aggregate.eval_library.name === LIBRARY_NAME && aggregate.source_metadata.additional_details?.run_id !== undefined;

const DIGEST_LENGTH = { sha256: 64, md5: 32 } as const;

/** A count written as a string in score_details.details; NaN when it is not one. */
const countIn = (result: EeeResult | undefined, field: string): number => {
  const text = result?.score_details.details?.[field];
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN;
};

const near = (stated: number, expected: number, slack = 0) =>
  Math.abs(stated - expected) <= roundingOf(stated) + slack + 1e-9 * Math.max(1, Math.abs(expected));

export function ownAggregateProblems(aggregate: EeeAggregate): string[] {
  if (!isOwnAggregate(aggregate)) return [];
  const results = aggregate.evaluation_results;
  const metric = (name: RunMetric) => results.find((result) => result.metric_config.metric_id === runMetricId(name));
  const coverage = metric('coverage');
  if (!coverage) return [];
  const [total, scored, unscored, degraded, passed] = ['total', 'scored', 'unscored', 'degraded', 'passed'].map(
    (field) => countIn(coverage, field),
  ) as [number, number, number, number, number];
  if ([total, scored, unscored, degraded, passed].some(Number.isNaN))
    return ['the coverage result does not state its counts (total, scored, unscored, degraded, passed)'];
  const problems: string[] = [];
  if (scored + unscored + degraded !== total || passed > scored)
    problems.push(
      `the counts disagree: ${scored} scored + ${unscored} unscored + ${degraded} degraded of ${total} questions, ${passed} passed`,
    );
  if (total > 0 && !near(coverage.score_details.score, scored / total))
    problems.push(`coverage is ${coverage.score_details.score}, but ${scored} of ${total} questions were scored`);
  const passRate = metric('pass_rate');
  if (passRate && scored > 0 && !near(passRate.score_details.score, passed / scored))
    problems.push(`pass_rate is ${passRate.score_details.score}, but ${passed} of ${scored} scored questions passed`);

  const graders = results.filter((result) => graderOfMetric(result.metric_config.metric_id) !== undefined);
  problems.push(...compositeProblems(metric('composite'), graders, scored, degraded));

  const link = aggregate.detailed_evaluation_results;
  // Our exporter always links the samples with their row count and checksum: without them nothing can be recomputed.
  if (link?.checksum === undefined || link.total_rows === undefined)
    problems.push('it links no samples file with its checksum and row count, which this app always writes');
  if (link?.total_rows !== undefined) {
    // One coverage row per question, one composite row per scored question, one row per grader score.
    const rows = total + scored + graders.reduce((sum, grader) => sum + countIn(grader, 'scored'), 0);
    if (link.total_rows !== rows)
      problems.push(`total_rows is ${link.total_rows}, but the counts of this aggregate make ${rows} samples rows`);
  }
  if (link?.checksum !== undefined) {
    const algorithm = link.hash_algorithm ?? 'sha256';
    const length = DIGEST_LENGTH[algorithm];
    if (!new RegExp(`^[0-9a-f]{${length}}$`, 'i').test(link.checksum) || /^0+$/.test(link.checksum))
      problems.push(`the declared checksum "${link.checksum.slice(0, 80)}" is not a ${algorithm} digest`);
  }
  return problems;
}

/**
 * The composite is the mean over scored questions of each question's mean grader score (0-5). When every grader
 * scored every scored question and none was degraded, that is exactly the mean of the graders' own means (0-5).
 */
function compositeProblems(
  composite: EeeResult | undefined,
  graders: readonly EeeResult[],
  scored: number,
  degraded: number,
): string[] {
  if (!composite) return scored > 0 ? [`${scored} questions were scored, but there is no composite result`] : [];
  const stated = composite.score_details.score;
  if (scored === 0) return [`the composite is ${stated}, but no question was scored`];
  if (!(stated >= 0 && stated <= 5)) return [`the composite is ${stated}, outside 0-5`];
  const components = composite.metric_config.additional_details?.components?.split(',').filter(Boolean) ?? [];
  const everyGraderScoredAll =
    degraded === 0 &&
    components.length === graders.length &&
    graders.every((grader) => countIn(grader, 'scored') === scored);
  if (!everyGraderScoredAll || graders.length === 0) return [];
  let slack = 0;
  const means = graders.map((grader) => {
    const { min_score: min, max_score: max } = grader.metric_config;
    const scale = typeof min === 'number' && typeof max === 'number' && max > min ? { min, max } : undefined;
    if (!scale) return Number.NaN;
    slack += (roundingOf(grader.score_details.score) * 5) / (scale.max - scale.min) / graders.length;
    return toZeroFive(grader.score_details.score, scale.min, scale.max);
  });
  const expected = means.reduce((sum, mean) => sum + mean, 0) / means.length;
  if (Number.isNaN(expected) || near(stated, expected, slack)) return [];
  const parts = graders.map(
    (grader) => `${graderOfMetric(grader.metric_config.metric_id)} ${grader.score_details.score}`,
  );
  return [`the composite is ${stated}, but its graders' means (${parts.join(', ')}) make ${expected} on 0-5`];
}
