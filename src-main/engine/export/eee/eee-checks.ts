// EEE's semantic checks that JSON Schema cannot express: score bounds, deployment axes, layout and UUIDs, companion file.
import type { Bound, EeeAggregate, EeeDetailedResults, EeeInstance, EeeModelInfo } from './eee-types';
import { isUuid4 } from './eee-names';
import { componentProblem } from '../safe-path';
import { plural } from '../../../../src-shared/text/plural';

const DEPLOYMENT = ['self_deployed', 'externally_managed', 'unknown'];
const AVAILABILITY = ['open_weights', 'closed_weights', 'unknown'];

/** A bound as a number: "Infinity" → Infinity; null or absent → undefined (not provided). */
export function boundValue(bound: Bound | undefined): number | undefined {
  if (bound === null || bound === undefined) return undefined;
  if (bound === 'Infinity') return Infinity;
  if (bound === '-Infinity') return -Infinity;
  return bound;
}

export type ResultBounds = Readonly<{ min: number | undefined; max: number | undefined }>;

/** Each aggregate result's bounds by evaluation_result_id (and by evaluation_name, for rows that carry only that). */
export function boundsByResult(aggregate: EeeAggregate): Map<string, ResultBounds> {
  const bounds = new Map<string, ResultBounds>();
  for (const result of aggregate.evaluation_results) {
    const value = { min: boundValue(result.metric_config.min_score), max: boundValue(result.metric_config.max_score) };
    bounds.set(result.evaluation_result_id ?? result.evaluation_name, value);
    if (!bounds.has(result.evaluation_name)) bounds.set(result.evaluation_name, value);
  }
  return bounds;
}

const outside = (score: number, { min, max }: ResultBounds) =>
  (min !== undefined && score < min) || (max !== undefined && score > max);
const range = ({ min, max }: ResultBounds) => `[${min ?? '?'}, ${max ?? '?'}]`;

function deploymentProblems(info: EeeModelInfo | undefined, where: string): string[] {
  const details = (info?.additional_details ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (!DEPLOYMENT.includes(String(details.deployment_type)))
    problems.push(`${where}: additional_details.deployment_type must be one of ${DEPLOYMENT.join(', ')}`);
  if (!AVAILABILITY.includes(String(details.model_availability)))
    problems.push(`${where}: additional_details.model_availability must be one of ${AVAILABILITY.join(', ')}`);
  return problems;
}

/** Score metadata and model deployment checks of an aggregate that already passed the schema. */
export function aggregateProblems(aggregate: EeeAggregate): string[] {
  const problems = deploymentProblems(aggregate.model_info, 'model_info');
  const seen = new Set<string>();
  aggregate.evaluation_results.forEach((result, index) => {
    const id = result.evaluation_result_id ?? result.evaluation_name;
    const where = `evaluation_results[${index}] (${id})`;
    if (result.evaluation_result_id !== undefined) {
      if (seen.has(result.evaluation_result_id)) problems.push(`${where}: evaluation_result_id is not unique`);
      seen.add(result.evaluation_result_id);
    }
    const config = result.metric_config;
    const bounds = { min: boundValue(config.min_score), max: boundValue(config.max_score) };
    const score = result.score_details.score;
    if (!Number.isFinite(score)) problems.push(`${where}: score ${score} is not a finite number`);
    if (config.score_type === 'continuous' && (bounds.min === undefined || bounds.max === undefined))
      problems.push(`${where}: a continuous metric needs min_score and max_score`);
    if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max)
      problems.push(`${where}: min_score ${bounds.min} is above max_score ${bounds.max}`);
    else if (outside(score, bounds))
      problems.push(`${where}: score ${score} is outside its declared bounds ${range(bounds)}`);
    const ci = result.score_details.uncertainty?.confidence_interval;
    if (ci && ci.lower > ci.upper)
      problems.push(`${where}: confidence interval lower ${ci.lower} is above upper ${ci.upper}`);
    (config.llm_scoring?.judges ?? []).forEach((judge, k) =>
      problems.push(...deploymentProblems(judge.model_info, `${where} judge ${k}`)),
    );
  });
  return problems;
}

const AGGREGATE_FILE = /^(.+)\.json$/;
const SAMPLES_PATH = /^data\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)_samples\.jsonl$/;

/**
 * Layout checks: `<uuid4>.json`, its samples link `data/<collection>/<developer>/<model>/<same uuid4>_samples.jsonl`
 * with portable components, and (when the aggregate sits in such a folder) the link naming that very folder.
 */
export function layoutProblems(
  aggregate: EeeAggregate,
  fileName: string,
  folder: readonly string[] | undefined,
): string[] {
  const problems: string[] = [];
  const stem = AGGREGATE_FILE.exec(fileName)?.[1];
  const uuid = stem !== undefined && isUuid4(stem) ? stem : undefined;
  if (uuid === undefined) problems.push(`file name ${fileName} is not <lowercase uuid4>.json`);
  const path = aggregate.detailed_evaluation_results?.file_path;
  if (path === undefined) return problems;
  const match = SAMPLES_PATH.exec(path);
  if (!match)
    return [
      ...problems,
      `detailed_evaluation_results.file_path "${path}" is not data/<collection>/<developer>/<model>/<uuid4>_samples.jsonl`,
    ];
  const parts = match.slice(1, 4) as string[];
  for (const part of parts) {
    const problem = componentProblem(part);
    if (problem) problems.push(`detailed_evaluation_results.file_path: ${problem}`);
  }
  if (uuid !== undefined && match[4] !== uuid)
    problems.push(`detailed_evaluation_results.file_path names ${match[4]}_samples.jsonl, not ${uuid}_samples.jsonl`);
  if (folder && folder.join('/') !== parts.join('/'))
    problems.push(
      `detailed_evaluation_results.file_path points to data/${parts.join('/')}, but the file is in data/${folder.join('/')}`,
    );
  return problems;
}

export type CompanionDigest = Readonly<{ sha256: string; md5: string; rows: number; blankLines: number }>;

/** The forward link: checksum and row count of the samples file match what the aggregate declares. */
export function companionProblems(link: EeeDetailedResults, actual: CompanionDigest): string[] {
  const problems: string[] = [];
  const algorithm = link.hash_algorithm ?? 'sha256';
  const checksum = algorithm === 'md5' ? actual.md5 : actual.sha256;
  if (link.checksum !== undefined && link.checksum.toLowerCase() !== checksum) {
    problems.push(
      `checksum mismatch: the aggregate declares ${algorithm} ${link.checksum}, the samples file has ${checksum}`,
    );
  }
  if (actual.blankLines > 0) problems.push(`the samples file has ${plural(actual.blankLines, 'blank line')}`);
  if (actual.rows < 1) problems.push('the samples file has no rows');
  if (link.total_rows !== undefined && link.total_rows !== actual.rows)
    problems.push(`total_rows is ${link.total_rows}, but the samples file has ${actual.rows} rows`);
  return problems;
}

/** The backward link of one instance row: ids match the aggregate, its result exists, its score is inside that result's bounds. */
export function rowProblems(
  row: EeeInstance,
  aggregate: EeeAggregate,
  bounds: ReadonlyMap<string, ResultBounds>,
  line: number,
): string[] {
  const problems: string[] = [];
  if (row.evaluation_id !== aggregate.evaluation_id)
    problems.push(
      `line ${line}: evaluation_id "${row.evaluation_id}" is not the aggregate's "${aggregate.evaluation_id}"`,
    );
  if (row.model_id !== aggregate.model_info.id)
    problems.push(`line ${line}: model_id "${row.model_id}" is not the aggregate's "${aggregate.model_info.id}"`);
  const key = row.evaluation_result_id ?? row.evaluation_name;
  const resultBounds = bounds.get(key);
  if (row.evaluation_result_id !== undefined && !resultBounds)
    problems.push(`line ${line}: evaluation_result_id "${key}" names no aggregate result`);
  if (resultBounds && outside(row.evaluation.score, resultBounds)) {
    problems.push(
      `line ${line}: score ${row.evaluation.score} of ${key} is outside its declared bounds ${range(resultBounds)}`,
    );
  }
  return problems;
}
