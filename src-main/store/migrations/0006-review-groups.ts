// The review queue's group order in a table of its own: one row per group instead of a copy on every item.
export const name = 'review-groups';

// 0005 stored each group's latest start on every item (group_at), so a conversation's every new turn rewrote all of
// its earlier items and their index entries: an import slowed as conversations grew. review_groups keeps that
// latest start once per group; the queue walks it in order and each group's items by (group_key, started_at, id).
export const sql = `
CREATE TABLE review_groups (group_key TEXT PRIMARY KEY, group_at INTEGER NOT NULL) STRICT, WITHOUT ROWID;
INSERT INTO review_groups (group_key, group_at)
  SELECT group_key, COALESCE(MAX(started_at), -1) FROM review_items GROUP BY group_key;
CREATE UNIQUE INDEX review_groups_order ON review_groups (group_at DESC, group_key);
DROP INDEX review_items_queue;
ALTER TABLE review_items DROP COLUMN group_at;
DROP INDEX review_items_group;
CREATE INDEX review_items_group ON review_items (group_key, started_at, id);
`;
