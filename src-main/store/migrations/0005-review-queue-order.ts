// The review queue's order as an indexed column: each item carries its group's latest start (group_at).
export const name = 'review-queue-order';

// Ordering the queue by a window function over every item cost a full sort per page; with group_at stored (and kept
// up to date when items are written) the first pages and next/previous come straight from the index.
// -1 stands for "no start time" so that the column can be NOT NULL and sort last.
export const sql = `
ALTER TABLE review_items ADD COLUMN group_at INTEGER NOT NULL DEFAULT -1;
UPDATE review_items SET group_at = COALESCE((SELECT MAX(x.started_at) FROM review_items x WHERE x.group_key = review_items.group_key), -1);
CREATE INDEX review_items_queue ON review_items (group_at DESC, group_key, started_at, id);
`;
