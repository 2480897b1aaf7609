// Local-model runs: each call's counters and durations, and the answers a phased run holds until its judges run.
export const name = 'local-runs';

// answered_questions: a phased run (every target call first, then the judges) stores each answer as it comes, so a
// crash or cancel between the phases loses no answer and a resume grades what was answered. A row leaves this table in
// the transaction that writes the question's result. graded_json holds the grader outcomes of judge groups already run.
export const sql = `
ALTER TABLE question_results ADD COLUMN metrics_json TEXT;
ALTER TABLE judge_calls ADD COLUMN metrics_json TEXT;
CREATE TABLE answered_questions (
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  repeat_index INTEGER NOT NULL,
  answered_json TEXT NOT NULL,
  graded_json TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (run_id, question_id, repeat_index)
) STRICT;
`;
