// The run list (newest first, every target) reads its page through an index instead of sorting every run.
export const name = 'runs-created';

// runs_created: runs.list orders by (created_at DESC, id DESC) and takes one page; without a target filter no other
// index gives that order, so every run was read and sorted (EXPLAIN ANALYZE on a team store of 500 runs).
export const sql = `
CREATE INDEX runs_created ON runs (created_at DESC, id DESC);
`;

export const postgres = sql;
