// Labels carry who labelled them, and every reviewer's own verdict on a subject is kept, for agreement between them.
export const name = 'label-reviewers';

// Labels from before reviewers existed belong to the unnamed reviewer ''.
export const sql = `
ALTER TABLE labels ADD COLUMN reviewer TEXT NOT NULL DEFAULT '';
CREATE TABLE reviewer_verdicts (
  subject_type TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  reviewer TEXT NOT NULL,
  verdict TEXT NOT NULL CHECK (verdict IN ('pass','fail','defer')),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (subject_type, subject_id, reviewer)
) STRICT;
INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at)
  SELECT subject_type, subject_id, '', verdict, updated_at FROM labels WHERE verdict IS NOT NULL;
`;
