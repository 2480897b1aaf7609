// What every result of a run's aggregate shares: the dataset it ran on, the generation settings, and how spread is written.
import type { RunIdentity } from '../../../../src-shared/model';
import type { EeeGenerationArgs, EeeSourceData, StringMap } from './eee-types';
import { collectionOf } from './eee-names';
import type { Moments } from '../../scoring/run-stats';

export const str = (value: number | boolean | string) => String(value);

/** Spread of a mean: standard deviation, standard error and n (only n below two values). */
export function uncertainty(moments: Moments) {
  const { sd, n } = moments;
  return sd === null
    ? { num_samples: n }
    : { standard_deviation: sd, standard_error: { value: sd / Math.sqrt(n), method: 'analytic' }, num_samples: n };
}

/** Our datasets are private: source_type other, with id, version and hash in additional_details. */
export function sourceData(identity: RunIdentity, total: number): EeeSourceData {
  const { id, version, sha256 } = identity.dataset;
  return {
    source_type: 'other',
    dataset_name: collectionOf(id),
    additional_details: { dataset_id: id, dataset_version: version, dataset_sha256: sha256, num_questions: str(total) },
  };
}

/** generation_args is closed in EEE: anything it has no key for (seed, provider) goes to additional_details. */
export function generationConfig(identity: RunIdentity) {
  const sent = identity.generationSent ?? identity.generation;
  const args: EeeGenerationArgs = { prompt_template: identity.systemPrompt };
  if (sent.temperature !== undefined) args.temperature = sent.temperature;
  if (sent.top_p !== undefined) args.top_p = sent.top_p;
  if (sent.max_tokens !== undefined) args.max_tokens = sent.max_tokens;
  if (identity.tools.length > 0)
    args.agentic_eval_config = {
      available_tools: identity.tools.map((tool) => ({
        name: tool.name,
        description: `MCP server (${tool.transport})`,
      })),
    };
  const details: StringMap = {
    target_id: identity.targetId,
    mode: identity.mode,
    provider: identity.provider.name,
    provider_kind: identity.provider.kind,
    prompt_sha256: identity.systemPromptSha256,
    generation_configured_json: JSON.stringify(identity.generation),
  };
  if (sent.seed !== undefined) details.seed = str(sent.seed);
  if (identity.maxSteps !== null) details.max_steps = str(identity.maxSteps);
  if (identity.endpoint !== null) details.endpoint = identity.endpoint;
  return { generation_args: args, additional_details: details };
}
