// Undo of a label change also puts back the changing reviewer's own verdict, so the history remembers it.
export const name = 'label-history-reviewer';

// reviewer NULL: a change made before reviewers were remembered, whose undo leaves reviewer_verdicts alone.
// reviewer_previous_json: that reviewer's reviewer_verdicts row before the change (NULL: they had no verdict).
export const sql = `
ALTER TABLE label_history ADD COLUMN reviewer TEXT;
ALTER TABLE label_history ADD COLUMN reviewer_previous_json TEXT;
`;
