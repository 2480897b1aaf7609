// Review items keyed once: the UNIQUE (trace_id, span_id) index duplicated the primary key (an item's id is its trace id).
export const name = 'review-items-one-key';

// No query reads it, yet every import wrote it: one more index of random keys, a page rewritten for each new trace.
// A constraint cannot be dropped in SQLite, so the table is rebuilt (the procedure of "Making Other Kinds Of Table
// Schema Changes"): this migration runs with foreign keys off, so that dropping the old table leaves gold_items'
// references alone, and the runner checks them before it commits.
export const foreignKeysOff = true;

export const sql = `
CREATE TABLE review_items_new (
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
  provider TEXT,
  convention TEXT,
  llm_calls INTEGER NOT NULL DEFAULT 0,
  status_message TEXT,
  flags_json TEXT NOT NULL DEFAULT '[]'
) STRICT;
INSERT INTO review_items_new (id, trace_id, span_id, conversation_id, agent_run_id, group_key, model, system_text, input_json,
  output_json, input_text, output_text, tool_calls_json, input_tokens, output_tokens, finish_reason, truncated, captured, status,
  started_at, latency_ms, tags_json, imported_at, provider, convention, llm_calls, status_message, flags_json)
SELECT id, trace_id, span_id, conversation_id, agent_run_id, group_key, model, system_text, input_json,
  output_json, input_text, output_text, tool_calls_json, input_tokens, output_tokens, finish_reason, truncated, captured, status,
  started_at, latency_ms, tags_json, imported_at, provider, convention, llm_calls, status_message, flags_json
FROM review_items;
DROP TABLE review_items;
ALTER TABLE review_items_new RENAME TO review_items;
CREATE INDEX review_items_started ON review_items (started_at);
CREATE INDEX review_items_model ON review_items (model, started_at);
CREATE INDEX review_items_group ON review_items (group_key, started_at, id);
`;
