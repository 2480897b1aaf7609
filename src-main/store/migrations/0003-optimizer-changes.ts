// Optimizer: per-run scores, the deciding questions, job and proposer of each candidate, and the applied-change log.
export const name = 'optimizer-changes';

// A candidate keeps the per-run avg_score of the questions that decided it (the held-out split, when there is
// one), because a run's own verdict covers every question it ran. optimizer_changes records who applied,
// rejected or reverted a candidate, when and why, and the prompt each write replaced, so a revert restores it.
export const sql = `
ALTER TABLE optimizer_candidates ADD COLUMN job_id TEXT;
ALTER TABLE optimizer_candidates ADD COLUMN proposer TEXT;
ALTER TABLE optimizer_candidates ADD COLUMN deciding_question_ids_json TEXT;
ALTER TABLE optimizer_candidates ADD COLUMN baseline_scores_json TEXT NOT NULL DEFAULT '[]';
ALTER TABLE optimizer_candidates ADD COLUMN candidate_scores_json TEXT NOT NULL DEFAULT '[]';

CREATE TABLE optimizer_changes (
  id INTEGER PRIMARY KEY,
  candidate_id TEXT NOT NULL REFERENCES optimizer_candidates(id) ON DELETE CASCADE,
  target_id TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('applied','rejected','reverted')),
  actor TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  previous_prompt TEXT,
  new_prompt TEXT,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX optimizer_changes_candidate ON optimizer_changes (candidate_id, id);
`;
