// EEE envelope imports: which file became which run (provenance, idempotent re-import, shard merges) and its metrics.
export const name = 'envelope-imports';

// One row per imported aggregate file, keyed by its evaluation_id: importing the same file again finds it here.
// Several rows may share a run_id: the slices of one `--shard I/N` run from several machines merge into one run,
// grouped by shard_group (what the slices have in common) and told apart by shard ("I/N").
// envelope_metrics keeps every aggregate result as the file stated it (bounds NULL = unbounded or not given), so a
// file with no instance rows (a leaderboard record) still shows its numbers.
export const sql = `
CREATE TABLE envelope_imports (
  evaluation_id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  aggregate_sha256 TEXT NOT NULL,
  samples_sha256 TEXT,
  samples_rows INTEGER,
  schema_version TEXT NOT NULL,
  eval_library TEXT NOT NULL,
  source_type TEXT NOT NULL,
  source_name TEXT,
  source_organization TEXT NOT NULL,
  model_id TEXT NOT NULL,
  shard TEXT,
  shard_group TEXT,
  imported_at INTEGER NOT NULL
) STRICT;
CREATE INDEX envelope_imports_run ON envelope_imports (run_id);
CREATE INDEX envelope_imports_group ON envelope_imports (shard_group, imported_at);

CREATE TABLE envelope_metrics (
  evaluation_id TEXT NOT NULL REFERENCES envelope_imports(evaluation_id) ON DELETE CASCADE,
  result_id TEXT NOT NULL,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  name TEXT NOT NULL,
  metric_id TEXT,
  metric_kind TEXT,
  metric_unit TEXT,
  score_type TEXT,
  lower_is_better INTEGER NOT NULL,
  score REAL NOT NULL,
  min_score REAL,
  max_score REAL,
  details_json TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (evaluation_id, seq)
) STRICT;
CREATE INDEX envelope_metrics_run ON envelope_metrics (run_id, seq);
`;
