// Consistency checks of an EEE file beyond its schema: timestamps that are times, counts that can exist, samples rows
// that are unique, of the file's schema version and with real hashes, and (for our own metrics) aggregates that the
// samples recompute within rounding. A file that fails any of them is refused, and the store stays unchanged.
import type { EeeAggregate, EeeInstance } from './eee-types';
import { graderOfMetric } from './eee-names';

/** Epoch seconds as EEE writes them, or an ISO 8601 date-time. */
const EPOCH_SECONDS = /^\d{1,11}(\.\d+)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function timestampProblem(value: string | undefined, where: string): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (EPOCH_SECONDS.test(text) || (ISO_DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)))) return undefined;
  return `${where} "${value.slice(0, 40)}" is not a time (epoch seconds such as "1750000000", or ISO 8601)`;
}

function countProblem(value: number | null | undefined, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Number.isInteger(value) && value >= 0 ? undefined : `${where} is ${value}, which no count can be`;
}

const defined = (problems: readonly (string | undefined)[]): string[] =>
  problems.filter((problem): problem is string => problem !== undefined);

/** Timestamps and counts of the aggregate file. */
export function aggregateConsistencyProblems(aggregate: EeeAggregate): string[] {
  const problems = defined([
    timestampProblem(aggregate.evaluation_timestamp, 'evaluation_timestamp'),
    timestampProblem(aggregate.retrieved_timestamp, 'retrieved_timestamp'),
    countProblem(aggregate.detailed_evaluation_results?.total_rows, 'detailed_evaluation_results.total_rows'),
  ]);
  aggregate.evaluation_results.forEach((result, index) => {
    const where = `evaluation_results[${index}]`;
    const uncertainty = result.score_details.uncertainty;
    const source = result.source_data;
    problems.push(
      ...defined([
        timestampProblem(result.evaluation_timestamp, `${where}.evaluation_timestamp`),
        countProblem(uncertainty?.num_samples, `${where}.score_details.uncertainty.num_samples`),
        countProblem(uncertainty?.num_bootstrap_samples, `${where}.score_details.uncertainty.num_bootstrap_samples`),
        countProblem(
          'samples_number' in source ? source.samples_number : undefined,
          `${where}.source_data.samples_number`,
        ),
      ]),
    );
  });
  return problems;
}

/** Collects the samples rows of one file: each row's own checks as it comes, the recomputed aggregates at the end. */
export class SamplesLedger {
  private readonly firstLine = new Map<string, number>();
  private readonly sums = new Map<string, { sum: number; n: number }>();

  constructor(private readonly aggregate: EeeAggregate) {}

  /** The problems of one row (line numbers are the samples file's). */
  add(row: EeeInstance, line: number): string[] {
    const key = row.evaluation_result_id ?? row.evaluation_name;
    // A repeated question's rows say their repeat (`--repeat N`): one row per sample and repeat.
    const repeat = row.metadata?.repeat_index;
    const identity = `${key}\u0000${row.sample_id}\u0000${repeat ?? ''}`;
    const earlier = this.firstLine.get(identity);
    const which = repeat === undefined ? row.sample_id : `${row.sample_id} (repeat ${repeat})`;
    const problems = defined([
      earlier === undefined ? undefined : `line ${line}: sample ${which} of ${key} duplicates line ${earlier}`,
      row.schema_version === this.aggregate.schema_version
        ? undefined
        : `line ${line}: schema_version "${row.schema_version}" is not the aggregate's "${this.aggregate.schema_version}"`,
      typeof row.sample_hash === 'string' && /^(?:[a-z0-9]+:)?0+$/i.test(row.sample_hash)
        ? `line ${line}: sample_hash is all zeros, not a hash of the sample`
        : undefined,
      countProblem(row.evaluation.num_turns, `line ${line}: evaluation.num_turns`),
      countProblem(row.evaluation.tool_calls_count, `line ${line}: evaluation.tool_calls_count`),
      ...(['input_tokens', 'output_tokens', 'total_tokens'] as const).map((field) =>
        countProblem(row.token_usage?.[field], `line ${line}: token_usage.${field}`),
      ),
    ]);
    if (earlier === undefined) this.firstLine.set(identity, line);
    const sum = this.sums.get(key) ?? { sum: 0, n: 0 };
    sum.sum += row.evaluation.score;
    sum.n += 1;
    this.sums.set(key, sum);
    return problems;
  }

  /**
   * Our grader results are the means of their samples rows: a mean that differs from the stated score
   * by more than the score's own rounding means the rows or the aggregate were edited.
   */
  recomputedProblems(): string[] {
    const problems: string[] = [];
    this.aggregate.evaluation_results.forEach((result, index) => {
      const metricId = result.metric_config.metric_id;
      // The composite is checked against the recomputed verdict at import (recompute-run.ts).
      if (graderOfMetric(metricId) === undefined) return;
      const rows = this.sums.get(result.evaluation_result_id ?? result.evaluation_name);
      if (!rows || rows.n === 0) return;
      const mean = rows.sum / rows.n;
      const stated = result.score_details.score;
      if (Math.abs(mean - stated) > roundingOf(stated))
        problems.push(
          `evaluation_results[${index}] (${result.evaluation_result_id ?? result.evaluation_name}): the aggregate states ${stated}, but its ${rows.n} samples average ${mean}`,
        );
    });
    return problems;
  }
}

/** Half a unit of the last decimal the score was written with (a float's own noise at least). */
export function roundingOf(score: number): number {
  const decimals = /\.(\d+)$/.exec(String(score))?.[1]?.length ?? 0;
  return Math.max(0.5 * 10 ** -Math.min(decimals, 12), 1e-9 * Math.max(1, Math.abs(score)));
}
