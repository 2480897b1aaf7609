// Gold sets and labels live in workspace files (labels/<grader>/); the store indexes them (docs/labels.md).
export const name = 'label-files';

// gold_items: what an item file says besides the columns of 0001 and 0015 (the sample's design); file is its path in
// the workspace, NULL for an item that was only ever in the store (written out to files once, then replaced by the
// file's row). judge_validations.line_id: the line of
// labels/<grader>/validations.jsonl it was read from (NULL: a validation from before the files, written out once).
// label_history.line_id: the label line a change wrote, so undo appends an undo line naming it instead of restoring a row.
// gold_sets: what the index last read of each judge's folder (fingerprints of its item files and of its label
// lines, to re-read only what changed) and the problems found in those files.
export const sql = `
ALTER TABLE gold_items ADD COLUMN question_id TEXT;
ALTER TABLE gold_items ADD COLUMN question_hash TEXT;
ALTER TABLE gold_items ADD COLUMN judge_provider TEXT;
ALTER TABLE gold_items ADD COLUMN judge_model TEXT;
ALTER TABLE gold_items ADD COLUMN template_version TEXT;
ALTER TABLE gold_items ADD COLUMN run_id TEXT;
ALTER TABLE gold_items ADD COLUMN file TEXT;
ALTER TABLE judge_validations ADD COLUMN line_id TEXT;
ALTER TABLE label_history ADD COLUMN line_id TEXT;
CREATE TABLE gold_sets (
  grader_id TEXT PRIMARY KEY,
  items_fingerprint TEXT NOT NULL,
  labels_fingerprint TEXT NOT NULL,
  issues_json TEXT NOT NULL DEFAULT '[]'
) STRICT;
`;
