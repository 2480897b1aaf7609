// Question history: which text and tags each result answered, and indexes that read a target's history in one pass.
export const name = 'question-history';

// question_versions: one row per distinct (question id, text hash, tags) a run asked; a result points at the version it
// answered, so a history can tell an unchanged question across dataset versions from a reworded one (a new history),
// and tags are read as they were at each run. Results written before this migration have no version (text unknown).
// run_history_cells: a complete run's per-question counts folded into three strings (its question ids; three characters
// per question: passes, scored and degraded repeats as 48 + n; the version ids), written the first time a history
// reads the run. A complete run's results never change, so the row stays true; reading 200 of them is one short seek
// each, where recounting 400,000 results took 0.1-0.3 s (bench/history-query.ts). question_results_history covers
// that one-time count without touching the wide result rows; question_results_question serves one question's
// timeline across runs; runs_target_complete lists a target's complete runs in order without reading the others.
export const sql = `
CREATE TABLE question_versions (
  id INTEGER PRIMARY KEY,
  question_id TEXT NOT NULL,
  text_sha256 TEXT NOT NULL,
  tags_json TEXT NOT NULL DEFAULT '[]',
  UNIQUE (question_id, text_sha256, tags_json)
) STRICT;
ALTER TABLE question_results ADD COLUMN question_version_id INTEGER REFERENCES question_versions(id);
CREATE TABLE run_history_cells (
  run_id TEXT PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  question_ids TEXT NOT NULL,
  counts TEXT NOT NULL,
  version_ids TEXT NOT NULL
) STRICT;
CREATE INDEX question_results_history ON question_results (run_id, question_id, status, passed, question_version_id);
CREATE INDEX question_results_question ON question_results (question_id, run_id);
CREATE INDEX runs_target_complete ON runs (target_id, status, created_at);
`;
