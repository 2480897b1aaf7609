// How our runs are named in EEE: library, collection, evaluation and result ids, metric ids, file UUIDs, model info.
import { createHash } from 'node:crypto';
import { isProviderKind, traitsOf, type RunIdentity } from '../../../../src-shared/model';
import type { DeploymentType, EeeModelInfo, ModelAvailability } from './eee-types';

/** eval_library.name of the files we write; an imported file with this name is read as one of ours. */
export const LIBRARY_NAME = 'ai-eval-desktop';
const PREFIX = 'aieval';

/** The metrics of a run besides its graders; each becomes one aggregate result. */
export const RUN_METRICS = [
  'composite',
  'pass_rate',
  'corrected_pass_rate',
  'coverage',
  'gate',
  'latency_p50',
  'cost',
] as const;
export type RunMetric = (typeof RUN_METRICS)[number];

/** The EEE collection (and source_data.dataset_name): prefixed so it never collides with a public benchmark. */
export const collectionOf = (datasetId: string) => `${PREFIX}-${datasetId}`;

/** Stable across re-exports of one run; the prompt variant is part of it (EEE: "variant axes belong in evaluation_id"). */
export const evaluationIdOf = (identity: RunIdentity, runId: string) =>
  `${PREFIX}/${identity.dataset.id}@${identity.dataset.version}/${identity.targetId}@prompt-${identity.systemPromptSha256.slice(0, 12)}/${runId}`;

export const resultIdOf = (datasetId: string, key: string) => `${datasetId}.${key}`;
export const graderMetricId = (graderId: string) => `${PREFIX}.grader.${graderId}`;
export const runMetricId = (metric: RunMetric) => `${PREFIX}.${metric}`;
/** A run compared with a baseline run (exported only when a baseline is named; an import ignores them). */
export const comparisonMetricId = (metric: 'vs_baseline_score' | 'vs_baseline_pass_rate') => `${PREFIX}.${metric}`;

/** The grader a metric id names, or undefined when it is not one of our grader metrics. */
export function graderOfMetric(metricId: string | undefined): string | undefined {
  const prefix = `${PREFIX}.grader.`;
  return metricId?.startsWith(prefix) ? metricId.slice(prefix.length) : undefined;
}

/** Which of our run metrics a metric id names, if any. */
export function runMetricOf(metricId: string | undefined): RunMetric | undefined {
  return RUN_METRICS.find((metric) => runMetricId(metric) === metricId);
}

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const isUuid4 = (text: string) => UUID4.test(text);

/** A UUIDv4-shaped id derived from `key`: re-exporting a run rewrites the same files instead of adding copies. */
export function uuidFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Epoch seconds as EEE writes them ("1750000001.25"); milliseconds survive the round trip. */
export const epochString = (ms: number) => String(ms / 1000);
export function epochMs(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  return Math.round(Number(text) * 1000);
}

function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname;
    return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return false;
  }
}

/** Who runs the model and whether its weights are open, from the provider kind (and base URL). */
export function deploymentOf(
  kind: string,
  baseUrl: string | null,
): { deployment_type: DeploymentType; model_availability: ModelAvailability } {
  const vendor = { deployment_type: 'externally_managed', model_availability: 'closed_weights' } as const;
  switch (isProviderKind(kind) ? traitsOf(kind).runs : 'nobody') {
    case 'self':
      return { deployment_type: 'self_deployed', model_availability: 'open_weights' };
    case 'vendor':
      return vendor;
    case 'vendor_or_compatible':
      // An OpenAI-compatible server: on this machine it is self-deployed; elsewhere it could be anything.
      if (baseUrl === null) return vendor;
      return { deployment_type: isLoopback(baseUrl) ? 'self_deployed' : 'unknown', model_availability: 'unknown' };
    case 'nobody':
      return { deployment_type: 'unknown', model_availability: 'unknown' };
  }
}

/** model_info for a model called through a provider connection (the target's, or a judge's). */
export function modelInfoOf(
  provider: Readonly<{ name: string; kind: string; baseUrl: string | null }>,
  model: string,
): EeeModelInfo {
  const engine = isProviderKind(provider.kind) ? traitsOf(provider.kind).inferenceEngine : undefined;
  return {
    name: model,
    id: `${provider.kind}/${model}`,
    developer: provider.kind,
    inference_platform: provider.kind,
    ...(engine ? { inference_engine: { name: engine } } : {}),
    additional_details: { ...deploymentOf(provider.kind, provider.baseUrl), provider: provider.name },
  };
}
