// What no code writes goes: the gold item's own human_label column and the label subject 'judge_call'.
export const name = 'drop-unused-labels';

// gold_items.human_label: a sample file's label from before the label workbench; nothing has written it since. A label
// an old store still holds there becomes the unnamed reviewer's verdict (the one it already counted as, unless that
// reviewer gave one of their own), dated as the item is. labels.subject_type: no label was ever given to a judge call
// directly (a judge's labels are its gold items'), so 'judge_call' leaves the allowed subjects; SQLite cannot change a
// CHECK constraint, so the table is rebuilt, keeping every row and its id (no other table references labels).
const dropHumanLabel = `
INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at)
  SELECT 'gold_item', g.id, '', g.human_label, g.created_at FROM gold_items g
  WHERE g.human_label IS NOT NULL AND NOT EXISTS (SELECT 1 FROM reviewer_verdicts v
    WHERE v.subject_type = 'gold_item' AND v.subject_id = g.id AND v.reviewer = '');
ALTER TABLE gold_items DROP COLUMN human_label;
`;

export const sql = `${dropHumanLabel}CREATE TABLE labels_new (
  id INTEGER PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('review_item','question_result','gold_item')),
  subject_id TEXT NOT NULL,
  verdict TEXT CHECK (verdict IN ('pass','fail','defer')),
  dimensions_json TEXT NOT NULL DEFAULT '{}',
  tags_json TEXT NOT NULL DEFAULT '[]',
  notes TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  reviewer TEXT NOT NULL DEFAULT '',
  UNIQUE (subject_type, subject_id)
) STRICT;
INSERT INTO labels_new (id, subject_type, subject_id, verdict, dimensions_json, tags_json, notes, created_at, updated_at,
  reviewer)
  SELECT id, subject_type, subject_id, verdict, dimensions_json, tags_json, notes, created_at, updated_at, reviewer
  FROM labels;
DROP TABLE labels;
ALTER TABLE labels_new RENAME TO labels;
`;

export const postgres = `${dropHumanLabel}ALTER TABLE labels DROP CONSTRAINT labels_subject_type_check;
ALTER TABLE labels ADD CONSTRAINT labels_subject_type_check
  CHECK (subject_type IN ('review_item','question_result','gold_item'));
`;
