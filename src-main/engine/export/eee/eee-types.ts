// The Every Eval Ever 0.3.0 record shapes we write and read; resources/schemas/eee/*.schema.json is the authority.

export const EEE_SCHEMA_VERSION = '0.3.0';

/** additional_details, details, metadata and tool arguments: string values only (the schemas enforce it). */
export type StringMap = Record<string, string>;

/** A continuous metric's bound: a number, an unbounded side, or null (not provided). */
export type Bound = number | 'Infinity' | '-Infinity' | null;

export type DeploymentType = 'self_deployed' | 'externally_managed' | 'unknown';
export type ModelAvailability = 'open_weights' | 'closed_weights' | 'unknown';

export type EeeModelInfo = {
  name: string;
  id: string;
  developer?: string;
  inference_platform?: string;
  inference_engine?: { name?: string; version?: string };
  additional_details: StringMap & { deployment_type: DeploymentType; model_availability: ModelAvailability };
};

export type EeeJudge = {
  model_info: EeeModelInfo;
  temperature?: number;
  weight?: number;
  additional_details?: StringMap;
};

export type EeeMetricConfig = {
  evaluation_description?: string;
  metric_id?: string;
  metric_name?: string;
  metric_kind?: string;
  metric_unit?: string;
  lower_is_better: boolean;
  score_type?: 'binary' | 'continuous' | 'levels';
  min_score?: Bound;
  max_score?: Bound;
  level_names?: string[];
  has_unknown_level?: boolean;
  llm_scoring?: {
    judges: EeeJudge[];
    input_prompt: string;
    aggregation_method?: string;
    additional_details?: StringMap;
  };
  additional_details?: StringMap;
};

export type EeeUncertainty = {
  standard_error?: { value: number; method?: string };
  confidence_interval?: { lower: number; upper: number; confidence_level?: number; method?: string };
  standard_deviation?: number;
  num_samples?: number;
  num_bootstrap_samples?: number;
};

export type EeeSourceData =
  | { source_type: 'other'; dataset_name: string; additional_details?: StringMap }
  | { source_type: 'url'; dataset_name: string; url: string[]; additional_details?: StringMap }
  | {
      source_type: 'hf_dataset';
      dataset_name: string;
      hf_repo?: string;
      hf_split?: string;
      samples_number?: number;
      sample_ids?: string[];
      additional_details?: StringMap;
    };

export type EeeGenerationArgs = {
  temperature?: number | null;
  top_p?: number | null;
  top_k?: number | null;
  max_tokens?: number;
  reasoning?: boolean;
  prompt_template?: string;
  agentic_eval_config?: {
    available_tools?: { name?: string; description?: string; parameters?: StringMap }[];
    additional_details?: StringMap;
  };
  max_attempts?: number;
};

export type EeeResult = {
  evaluation_result_id?: string;
  evaluation_name: string;
  source_data: EeeSourceData;
  evaluation_timestamp?: string;
  metric_config: EeeMetricConfig;
  score_details: { score: number; details?: StringMap; uncertainty?: EeeUncertainty };
  generation_config?: { generation_args?: EeeGenerationArgs; additional_details?: StringMap };
};

export type EeeDetailedResults = {
  format: 'jsonl';
  file_path: string;
  hash_algorithm?: 'sha256' | 'md5';
  checksum?: string;
  total_rows?: number;
  additional_details?: StringMap;
};

/** The aggregate file `<uuid4>.json`. */
export type EeeAggregate = {
  schema_version: string;
  evaluation_id: string;
  evaluation_timestamp?: string;
  retrieved_timestamp: string;
  source_metadata: {
    source_name?: string;
    source_type: 'documentation' | 'evaluation_run';
    source_organization_name: string;
    source_organization_url?: string;
    evaluator_relationship: 'first_party' | 'third_party' | 'collaborative' | 'other';
    additional_details?: StringMap;
  };
  eval_library: { name: string; version: string; additional_details?: StringMap };
  model_info: EeeModelInfo;
  evaluation_results: EeeResult[];
  detailed_evaluation_results?: EeeDetailedResults;
};

export type EeeToolCall = { id: string; name: string; arguments?: StringMap | null };

export type EeeMessage = {
  turn_idx: number;
  role: string;
  content?: string | null;
  reasoning_trace?: string | null;
  tool_calls?: EeeToolCall[] | null;
  tool_call_id?: string[] | null;
};

/** One line of the instance file `<uuid4>_samples.jsonl`. */
export type EeeInstance = {
  schema_version: string;
  evaluation_id: string;
  model_id: string;
  evaluation_name: string;
  evaluation_result_id?: string;
  sample_id: string;
  sample_hash?: string | null;
  interaction_type: 'single_turn' | 'multi_turn' | 'agentic';
  input: { raw: string; formatted?: string | null; reference: string[]; choices?: string[] | null };
  output?: { raw: string[]; reasoning_trace?: string[] | null } | null;
  messages?: EeeMessage[] | null;
  answer_attribution: {
    turn_idx: number;
    source: string;
    extracted_value: string;
    extraction_method: string;
    is_terminal: boolean;
  }[];
  evaluation: { score: number; is_correct: boolean; num_turns?: number | null; tool_calls_count?: number | null };
  token_usage?: { input_tokens: number; output_tokens: number; total_tokens: number } | null;
  performance?: {
    latency_ms?: number | null;
    time_to_first_token_ms?: number | null;
    generation_time_ms?: number | null;
    additional_details?: StringMap | null;
  } | null;
  error?: string | null;
  metadata?: StringMap | null;
};
