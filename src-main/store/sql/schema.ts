// The store's tables as the query builder (Kysely) sees them: one interface a table, the columns as both drivers return
// them (epoch-ms times and 0/1 flags as numbers, JSON as text). The migrations make the tables; this only types them.
import type { Generated, Selectable } from 'kysely';
import type {
  CandidateStatus,
  ChangeAction,
  Convention,
  GraderResult,
  LabelSubjectType,
  LabelVerdict,
  QuestionStatus,
  ReviewStatus,
  RunSource,
  RunStatus,
  SampleStratum,
} from '../../../src-shared/model';

export interface RunsTable {
  id: string;
  target_id: string;
  status: RunStatus;
  source: RunSource;
  origin: Generated<string>;
  dataset_id: string;
  dataset_version: string;
  dataset_sha256: string;
  repeat_count: Generated<number>;
  shard: string | null;
  total: number;
  identity_json: string;
  verdict_json: string | null;
  error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}
export interface RunLocksTable {
  target_id: string;
  run_id: string;
  pid: number;
  host: string;
  acquired_at: number;
  heartbeat_at: number;
}
export interface QuestionResultsTable {
  id: Generated<number>;
  run_id: string;
  question_id: string;
  repeat_index: Generated<number>;
  status: QuestionStatus;
  score: number | null;
  passed: number | null;
  response: string | null;
  transcript_json: string;
  tool_calls_json: string | null;
  error: string | null;
  attempts: Generated<number>;
  latency_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  finish_reason: string | null;
  created_at: number;
  metrics_json: string | null;
  question_version_id: number | null;
}
export interface GraderResultsTable {
  id: Generated<number>;
  result_id: number;
  grader_id: string;
  status: GraderResult['status'];
  score: number | null;
  min_score: number;
  max_score: number;
  score_0_5: number | null;
  reason: Generated<string>;
  checks_json: string | null;
}
export interface ToolCallsTable {
  id: Generated<number>;
  result_id: number;
  seq: number;
  server: string | null;
  name: string;
  args_json: string;
  result: string | null;
  is_error: Generated<number>;
  result_original_chars: number | null;
}
export interface JudgeCallsTable {
  id: Generated<number>;
  run_id: string | null;
  result_id: number | null;
  question_id: string | null;
  grader_id: string;
  provider: string;
  model: string;
  template_version: string;
  prompt: string;
  response_seen: string;
  raw_answer: string | null;
  score: number | null;
  reason: string | null;
  error: string | null;
  settings_json: string | null;
  latency_ms: number | null;
  created_at: number;
  metrics_json: string | null;
}
export interface LabelsTable {
  id: Generated<number>;
  subject_type: LabelSubjectType;
  subject_id: string;
  verdict: LabelVerdict | null;
  dimensions_json: Generated<string>;
  tags_json: Generated<string>;
  notes: Generated<string>;
  created_at: number;
  updated_at: number;
  reviewer: Generated<string>;
}
export interface GoldItemsTable {
  id: string;
  grader_id: string;
  judge_call_id: number | null;
  review_item_id: string | null;
  question_text: string;
  response_text: string;
  judge_score: number | null;
  judge_reason: string | null;
  created_at: number;
  stratum: SampleStratum | null;
  inclusion_probability: number | null;
  question_id: string | null;
  question_hash: string | null;
  judge_provider: string | null;
  judge_model: string | null;
  template_version: string | null;
  run_id: string | null;
  file: string | null;
}
export interface JudgeValidationsTable {
  id: Generated<number>;
  grader_id: string;
  judge_provider: string;
  judge_model: string;
  template_version: string;
  n_pos: number;
  n_neg: number;
  tp: number;
  tn: number;
  fp: number;
  fn: number;
  tpr: number | null;
  tnr: number | null;
  tpr_ci_json: string | null;
  tnr_ci_json: string | null;
  state: 'trusted' | 'failing' | 'insufficient';
  labels_source: string;
  created_at: number;
  design_json: string | null;
  line_id: string | null;
}
export interface OptimizerCandidatesTable {
  id: string;
  target_id: string;
  attempt: number;
  status: CandidateStatus;
  baseline_prompt: string;
  candidate_prompt: string;
  baseline_run_ids_json: Generated<string>;
  candidate_run_ids_json: Generated<string>;
  baseline_mean: number | null;
  baseline_sd: number | null;
  candidate_mean: number | null;
  candidate_sd: number | null;
  split: string | null;
  decision_reason: Generated<string>;
  decided_by: string | null;
  created_at: number;
  decided_at: number | null;
  job_id: string | null;
  proposer: string | null;
  deciding_question_ids_json: string | null;
  baseline_scores_json: Generated<string>;
  candidate_scores_json: Generated<string>;
}
export interface TraceRebuildsTable {
  trace_id: string;
}
export interface LabelHistoryTable {
  id: Generated<number>;
  batch_id: string;
  subject_type: LabelSubjectType;
  subject_id: string;
  previous_json: string | null;
  created_at: number;
  reviewer: string | null;
  reviewer_previous_json: string | null;
  line_id: string | null;
}
export interface OptimizerChangesTable {
  id: Generated<number>;
  candidate_id: string;
  target_id: string;
  action: ChangeAction;
  actor: string;
  reason: Generated<string>;
  previous_prompt: string | null;
  new_prompt: string | null;
  created_at: number;
}
export interface EnvelopeImportsTable {
  evaluation_id: string;
  run_id: string;
  file_name: string;
  aggregate_sha256: string;
  samples_sha256: string | null;
  samples_rows: number | null;
  schema_version: string;
  eval_library: string;
  source_type: string;
  source_name: string | null;
  source_organization: string;
  model_id: string;
  shard: string | null;
  shard_group: string | null;
  imported_at: number;
}
export interface EnvelopeMetricsTable {
  evaluation_id: string;
  result_id: string;
  run_id: string;
  seq: number;
  name: string;
  metric_id: string | null;
  metric_kind: string | null;
  metric_unit: string | null;
  score_type: string | null;
  lower_is_better: number;
  score: number;
  min_score: number | null;
  max_score: number | null;
  details_json: Generated<string>;
}
export interface ReviewGroupsTable {
  group_key: string;
  group_at: number;
}
export interface ReviewItemsTable {
  id: string;
  trace_id: string;
  span_id: string;
  conversation_id: string | null;
  agent_run_id: string | null;
  group_key: string;
  model: string | null;
  input_text: string | null;
  output_text: string | null;
  tool_calls_json: Generated<string>;
  input_tokens: number | null;
  output_tokens: number | null;
  finish_reason: string | null;
  truncated: Generated<number>;
  captured: Generated<number>;
  status: Generated<ReviewStatus>;
  started_at: number | null;
  latency_ms: number | null;
  tags_json: Generated<string>;
  imported_at: number;
  provider: string | null;
  convention: Convention | null;
  llm_calls: Generated<number>;
  status_message: string | null;
  flags_json: Generated<string>;
}
export interface TracesTable {
  seq: Generated<number>;
  trace_id: string;
}
export interface SpansTable {
  trace_seq: number;
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: number | null;
  start_ns: string;
  end_ns: string;
  status_code: number | null;
  status_message: string | null;
  convention: Convention | null;
  is_llm: Generated<number>;
  attributes_json: string;
  resource_json: string | null;
  events_json: string | null;
  source_file: string | null;
  imported_at: number;
  scope_name: string | null;
  scope_version: string | null;
  dropped_attributes: Generated<number>;
  dropped_events: Generated<number>;
}
export interface AnsweredQuestionsTable {
  run_id: string;
  question_id: string;
  repeat_index: number;
  answered_json: string;
  graded_json: string | null;
  created_at: number;
}
export interface QuestionVersionsTable {
  id: Generated<number>;
  question_id: string;
  text_sha256: string;
  tags_json: Generated<string>;
}
export interface RunHistoryCellsTable {
  run_id: string;
  question_ids: string;
  counts: string;
  version_ids: string;
}
export interface ReviewerVerdictsTable {
  subject_type: LabelSubjectType;
  subject_id: string;
  reviewer: string;
  verdict: LabelVerdict;
  updated_at: number;
}

export interface GoldSetsTable {
  grader_id: string;
  items_fingerprint: string;
  labels_fingerprint: string;
  issues_json: Generated<string>;
}

export interface LabelLinesTable {
  id: string;
  grader_id: string;
  file: string;
  line_json: string;
}

export interface Schema {
  runs: RunsTable;
  run_locks: RunLocksTable;
  question_results: QuestionResultsTable;
  grader_results: GraderResultsTable;
  tool_calls: ToolCallsTable;
  judge_calls: JudgeCallsTable;
  labels: LabelsTable;
  gold_items: GoldItemsTable;
  judge_validations: JudgeValidationsTable;
  optimizer_candidates: OptimizerCandidatesTable;
  trace_rebuilds: TraceRebuildsTable;
  label_history: LabelHistoryTable;
  optimizer_changes: OptimizerChangesTable;
  envelope_imports: EnvelopeImportsTable;
  envelope_metrics: EnvelopeMetricsTable;
  review_groups: ReviewGroupsTable;
  review_items: ReviewItemsTable;
  traces: TracesTable;
  spans: SpansTable;
  answered_questions: AnsweredQuestionsTable;
  question_versions: QuestionVersionsTable;
  run_history_cells: RunHistoryCellsTable;
  reviewer_verdicts: ReviewerVerdictsTable;
  gold_sets: GoldSetsTable;
  label_lines: LabelLinesTable;
}

/** A table's row as a SELECT * returns it. */
export type Row<T extends keyof Schema> = Selectable<Schema[T]>;
