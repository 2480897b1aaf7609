// A team store keeps every reviewer's label line any checkout read or wrote (docs/team-store.md, Labels).
export const name = 'label-lines';

// label_lines: one row per line of a reviewers/<name>.jsonl file, keyed by the line's own random id, so the same line
// read from two checkouts is one row. Rows are only ever added: a checkout's sync never takes back another's lines.
export const sql = `
CREATE TABLE label_lines (
  id TEXT PRIMARY KEY,
  grader_id TEXT NOT NULL,
  file TEXT NOT NULL,
  line_json TEXT NOT NULL
) STRICT;
CREATE INDEX label_lines_grader ON label_lines (grader_id);
`;

export const postgres = `
CREATE TABLE label_lines (
  id text COLLATE "C" PRIMARY KEY,
  grader_id text COLLATE "C" NOT NULL,
  file text COLLATE "C" NOT NULL,
  line_json text NOT NULL
);
CREATE INDEX label_lines_grader ON label_lines (grader_id);
`;
