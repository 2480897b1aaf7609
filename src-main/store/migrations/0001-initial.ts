// The first schema: every table the product needs, shaped so later work adds columns instead of rewriting.
export const name = 'initial';

// Timestamps are epoch milliseconds (INTEGER); OTLP nanosecond times stay TEXT so no 64-bit value
// ever passes through a JS number. JSON columns hold plain JSON text.
export const sql = `
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  target_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','running','complete','cancelled','error')),
  source TEXT NOT NULL CHECK (source IN ('manual','ci','schedule','import')),
  origin TEXT NOT NULL DEFAULT 'local',
  dataset_id TEXT NOT NULL,
  dataset_version TEXT NOT NULL,
  dataset_sha256 TEXT NOT NULL,
  repeat_count INTEGER NOT NULL DEFAULT 1,
  shard TEXT,
  total INTEGER NOT NULL,
  identity_json TEXT NOT NULL,
  verdict_json TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER
) STRICT;
CREATE INDEX runs_target_created ON runs (target_id, created_at DESC);
CREATE INDEX runs_status_finished ON runs (status, finished_at);

CREATE TABLE run_locks (
  target_id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  pid INTEGER NOT NULL,
  host TEXT NOT NULL,
  acquired_at INTEGER NOT NULL,
  heartbeat_at INTEGER NOT NULL
) STRICT;

CREATE TABLE question_results (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  repeat_index INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('scored','unscored','degraded')),
  score REAL,
  passed INTEGER,
  response TEXT,
  transcript_json TEXT NOT NULL,
  tool_calls_json TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 1,
  latency_ms INTEGER,
  input_tokens INTEGER,
  output_tokens INTEGER,
  cost_usd REAL,
  finish_reason TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (run_id, question_id, repeat_index)
) STRICT;
CREATE INDEX question_results_run_status ON question_results (run_id, status);

CREATE TABLE grader_results (
  id INTEGER PRIMARY KEY,
  result_id INTEGER NOT NULL REFERENCES question_results(id) ON DELETE CASCADE,
  grader_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('scored','skipped','error')),
  score REAL,
  min_score REAL NOT NULL,
  max_score REAL NOT NULL,
  score_0_5 REAL,
  reason TEXT NOT NULL DEFAULT '',
  checks_json TEXT,
  UNIQUE (result_id, grader_id)
) STRICT;
CREATE INDEX grader_results_grader ON grader_results (grader_id, status);

CREATE TABLE tool_calls (
  id INTEGER PRIMARY KEY,
  result_id INTEGER NOT NULL REFERENCES question_results(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  server TEXT,
  name TEXT NOT NULL,
  args_json TEXT NOT NULL,
  result TEXT,
  is_error INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX tool_calls_result ON tool_calls (result_id, seq);

CREATE TABLE judge_calls (
  id INTEGER PRIMARY KEY,
  run_id TEXT REFERENCES runs(id) ON DELETE CASCADE,
  result_id INTEGER REFERENCES question_results(id) ON DELETE CASCADE,
  question_id TEXT,
  grader_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  template_version TEXT NOT NULL,
  prompt TEXT NOT NULL,
  response_seen TEXT NOT NULL,
  raw_answer TEXT,
  score REAL,
  reason TEXT,
  error TEXT,
  settings_json TEXT,
  latency_ms INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX judge_calls_grader_created ON judge_calls (grader_id, created_at);

CREATE TABLE spans (
  trace_id TEXT NOT NULL,
  span_id TEXT NOT NULL,
  parent_span_id TEXT,
  name TEXT NOT NULL,
  kind INTEGER,
  start_ns TEXT NOT NULL,
  end_ns TEXT NOT NULL,
  status_code INTEGER,
  status_message TEXT,
  convention TEXT,
  is_llm INTEGER NOT NULL DEFAULT 0,
  attributes_json TEXT NOT NULL,
  resource_json TEXT,
  events_json TEXT,
  source_file TEXT,
  imported_at INTEGER NOT NULL,
  PRIMARY KEY (trace_id, span_id)
) STRICT;

CREATE TABLE review_items (
  id TEXT PRIMARY KEY,
  trace_id TEXT NOT NULL,
  span_id TEXT NOT NULL,
  conversation_id TEXT,
  agent_run_id TEXT,
  group_key TEXT NOT NULL,
  model TEXT,
  system_text TEXT,
  input_json TEXT NOT NULL,
  output_json TEXT NOT NULL,
  input_text TEXT,
  output_text TEXT,
  tool_calls_json TEXT NOT NULL DEFAULT '[]',
  input_tokens INTEGER,
  output_tokens INTEGER,
  finish_reason TEXT,
  truncated INTEGER NOT NULL DEFAULT 0,
  captured INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL DEFAULT 'ok',
  started_at INTEGER,
  latency_ms INTEGER,
  tags_json TEXT NOT NULL DEFAULT '[]',
  imported_at INTEGER NOT NULL,
  UNIQUE (trace_id, span_id)
) STRICT;
CREATE INDEX review_items_group ON review_items (group_key, started_at);

CREATE TABLE labels (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('review_item','question_result','judge_call','gold_item')),
  subject_id TEXT NOT NULL,
  verdict TEXT CHECK (verdict IN ('pass','fail','defer')),
  dimensions_json TEXT NOT NULL DEFAULT '{}',
  tags_json TEXT NOT NULL DEFAULT '[]',
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (subject_type, subject_id)
) STRICT;

CREATE TABLE gold_items (
  id TEXT PRIMARY KEY,
  grader_id TEXT NOT NULL,
  judge_call_id INTEGER REFERENCES judge_calls(id) ON DELETE SET NULL,
  review_item_id TEXT REFERENCES review_items(id) ON DELETE SET NULL,
  question_text TEXT NOT NULL,
  response_text TEXT NOT NULL,
  judge_score REAL,
  judge_reason TEXT,
  human_label TEXT CHECK (human_label IN ('pass','fail','defer')),
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX gold_items_grader ON gold_items (grader_id);

CREATE TABLE judge_validations (
  id INTEGER PRIMARY KEY,
  grader_id TEXT NOT NULL,
  judge_provider TEXT NOT NULL,
  judge_model TEXT NOT NULL,
  template_version TEXT NOT NULL,
  n_pos INTEGER NOT NULL,
  n_neg INTEGER NOT NULL,
  tp INTEGER NOT NULL,
  tn INTEGER NOT NULL,
  fp INTEGER NOT NULL,
  fn INTEGER NOT NULL,
  tpr REAL,
  tnr REAL,
  tpr_ci_json TEXT,
  tnr_ci_json TEXT,
  state TEXT NOT NULL CHECK (state IN ('trusted','failing','insufficient')),
  labels_source TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX judge_validations_grader ON judge_validations (grader_id, created_at DESC);

CREATE TABLE optimizer_candidates (
  id TEXT PRIMARY KEY,
  target_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','applied','rejected','reverted')),
  baseline_prompt TEXT NOT NULL,
  candidate_prompt TEXT NOT NULL,
  baseline_run_ids_json TEXT NOT NULL DEFAULT '[]',
  candidate_run_ids_json TEXT NOT NULL DEFAULT '[]',
  baseline_mean REAL,
  baseline_sd REAL,
  candidate_mean REAL,
  candidate_sd REAL,
  split TEXT,
  decision_reason TEXT NOT NULL DEFAULT '',
  decided_by TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER
) STRICT;
CREATE INDEX optimizer_candidates_target ON optimizer_candidates (target_id, created_at DESC);
`;
