// Reads older EEE files (0.2.x) as 0.3.0: the fields 0.3.0 made required or moved, mapped the way EEE's migration did.
import { EEE_SCHEMA_VERSION } from './eee-types';
import { uuidFor } from './eee-names';
import { portableComponent } from '../safe-path';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "0.2.2", "0.2.0", "instance_level_eval_0.2.2" → true. */
export const isLegacyVersion = (version: unknown) =>
  typeof version === 'string' && /^(instance_level_eval_)?0\.[0-2]\.\d+$/.test(version);

/** String maps were not enforced before 0.3.0 (and Pydantic never did): numbers and booleans become strings. */
function stringMap(value: unknown): Json | undefined {
  if (!isObject(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]),
  );
}

/** 0.3.0 requires both deployment axes on every model_info; an older file did not know them. */
function upgradeModelInfo(info: unknown): unknown {
  if (!isObject(info)) return info;
  const details = stringMap(info.additional_details) ?? {};
  return { ...info, additional_details: { deployment_type: 'unknown', model_availability: 'unknown', ...details } };
}

function upgradeResult(result: unknown): unknown {
  if (!isObject(result)) return result;
  const upgraded: Json = { ...result };
  if (isObject(result.source_data)) {
    const source: Json = { ...result.source_data };
    if (Array.isArray(source.sample_ids)) source.sample_ids = source.sample_ids.map(String);
    if (source.additional_details !== undefined) source.additional_details = stringMap(source.additional_details);
    upgraded.source_data = source;
  }
  if (isObject(result.metric_config)) {
    const config: Json = { ...result.metric_config };
    if (config.additional_details !== undefined) config.additional_details = stringMap(config.additional_details);
    if (isObject(config.llm_scoring) && Array.isArray(config.llm_scoring.judges)) {
      config.llm_scoring = {
        ...config.llm_scoring,
        judges: config.llm_scoring.judges.map((judge) =>
          isObject(judge) ? { ...judge, model_info: upgradeModelInfo(judge.model_info) } : judge,
        ),
      };
    }
    upgraded.metric_config = config;
  }
  if (isObject(result.score_details)) {
    // 0.2.0 kept the interval beside the score; 0.2.1 moved it under uncertainty.
    const { confidence_interval, ...details } = result.score_details;
    const uncertainty = isObject(details.uncertainty) ? details.uncertainty : {};
    upgraded.score_details = {
      ...details,
      ...(details.details !== undefined ? { details: stringMap(details.details) } : {}),
      ...(confidence_interval !== undefined ? { uncertainty: { confidence_interval, ...uncertainty } } : {}),
    };
  }
  return upgraded;
}

/** The samples link: 0.3.0 wants data/<c>/<d>/<m>/<uuid4>_samples.jsonl; older files named the file anything. */
function upgradeLink(link: unknown, aggregate: Json, fileUuid: string | undefined): unknown {
  if (!isObject(link)) return link;
  const model = isObject(aggregate.model_info) ? aggregate.model_info : {};
  const results = Array.isArray(aggregate.evaluation_results) ? aggregate.evaluation_results : [];
  const first = isObject(results[0]) && isObject(results[0].source_data) ? results[0].source_data : {};
  const parts = [first.dataset_name, model.developer ?? 'unknown', model.name ?? model.id].map((part) =>
    portableComponent(String(part ?? 'unknown')),
  );
  const uuid = fileUuid ?? uuidFor(String(aggregate.evaluation_id));
  return {
    format: 'jsonl',
    ...link,
    file_path: `data/${parts.join('/')}/${uuid}_samples.jsonl`,
    ...(link.additional_details !== undefined ? { additional_details: stringMap(link.additional_details) } : {}),
  };
}

/** An aggregate of 0.2.x as 0.3.0 (a new object); `fileUuid` is the aggregate's own file UUID, when it has one. */
export function upgradeAggregate(document: Json, fileUuid: string | undefined): Json {
  const source = isObject(document.source_metadata) ? document.source_metadata : {};
  const upgraded: Json = {
    ...document,
    schema_version: EEE_SCHEMA_VERSION,
    // 0.2.0 had no eval_library: the source's name is the closest thing to it.
    eval_library: isObject(document.eval_library)
      ? document.eval_library
      : { name: String(source.source_name ?? 'unknown'), version: 'unknown' },
    model_info: upgradeModelInfo(document.model_info),
    evaluation_results: Array.isArray(document.evaluation_results)
      ? document.evaluation_results.map(upgradeResult)
      : document.evaluation_results,
  };
  if (isObject(document.source_metadata) && document.source_metadata.additional_details !== undefined) {
    upgraded.source_metadata = {
      ...document.source_metadata,
      additional_details: stringMap(document.source_metadata.additional_details),
    };
  }
  if (document.detailed_evaluation_results !== undefined)
    upgraded.detailed_evaluation_results = upgradeLink(document.detailed_evaluation_results, document, fileUuid);
  return upgraded;
}

/** An instance row of 0.2.x as 0.3.0: numeric sample ids and a single reference string were allowed then. */
export function upgradeInstance(row: unknown): unknown {
  if (!isObject(row) || !isLegacyVersion(row.schema_version)) return row;
  const upgraded: Json = { ...row, schema_version: EEE_SCHEMA_VERSION };
  if (typeof row.sample_id === 'number') upgraded.sample_id = String(row.sample_id);
  if (isObject(row.input) && typeof row.input.reference === 'string')
    upgraded.input = { ...row.input, reference: [row.input.reference] };
  if (row.metadata !== undefined && row.metadata !== null) upgraded.metadata = stringMap(row.metadata);
  return upgraded;
}
