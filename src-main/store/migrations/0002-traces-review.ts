// Trace review: span scope and dropped counts, review-item provider/convention/flags, and the label history for undo.
export const name = 'traces-review';

// trace_rebuilds lists traces whose spans changed but whose review item is not rebuilt yet: spans and the queue entry
// are written in one transaction, the item and the entry's removal in another, so an interrupted import resumes.
// label_history keeps the label as it was before each change (previous_json NULL: there was none), grouped by
// batch_id so that undoing a whole-group label restores every item of the group at once.
export const sql = `
ALTER TABLE spans ADD COLUMN scope_name TEXT;
ALTER TABLE spans ADD COLUMN scope_version TEXT;
ALTER TABLE spans ADD COLUMN dropped_attributes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE spans ADD COLUMN dropped_events INTEGER NOT NULL DEFAULT 0;

ALTER TABLE review_items ADD COLUMN provider TEXT;
ALTER TABLE review_items ADD COLUMN convention TEXT;
ALTER TABLE review_items ADD COLUMN llm_calls INTEGER NOT NULL DEFAULT 0;
ALTER TABLE review_items ADD COLUMN status_message TEXT;
ALTER TABLE review_items ADD COLUMN flags_json TEXT NOT NULL DEFAULT '[]';
CREATE INDEX review_items_started ON review_items (started_at);
CREATE INDEX review_items_model ON review_items (model, started_at);

CREATE TABLE trace_rebuilds (trace_id TEXT PRIMARY KEY) STRICT;

CREATE TABLE label_history (
  id INTEGER PRIMARY KEY,
  batch_id TEXT NOT NULL,
  subject_type TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  previous_json TEXT,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX label_history_batch ON label_history (batch_id);
CREATE INDEX label_history_subject ON label_history (subject_type, subject_id, id);
`;
