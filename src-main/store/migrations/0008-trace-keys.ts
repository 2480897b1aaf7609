// Spans keyed by an integer per trace: traces (seq, trace_id) numbers each trace once, spans are keyed (trace_seq, span_id).
export const name = 'trace-keys';

// Exporters make random 128-bit trace ids. Keyed by them, the spans' primary key index took every span at a random
// place: each batch of a large import rewrote thousands of its pages (the most of what a commit wrote to the WAL).
// Numbered in arrival order, a new trace's spans go to the end of that index; only traces' own unique index of ids
// stays random, with one entry per trace instead of one per span. The rebuild follows "Making Other Kinds Of Table
// Schema Changes"; no other table references spans.
export const sql = `
CREATE TABLE traces (seq INTEGER PRIMARY KEY, trace_id TEXT NOT NULL UNIQUE) STRICT;
INSERT INTO traces (trace_id) SELECT trace_id FROM spans GROUP BY trace_id ORDER BY MIN(imported_at), trace_id;
CREATE TABLE spans_new (
  trace_seq INTEGER NOT NULL,
  span_id TEXT NOT NULL,
  parent_span_id TEXT,
  name TEXT NOT NULL,
  kind INTEGER,
  start_ns TEXT NOT NULL,
  end_ns TEXT NOT NULL,
  status_code INTEGER,
  status_message TEXT,
  convention TEXT,
  is_llm INTEGER NOT NULL DEFAULT 0,
  attributes_json TEXT NOT NULL,
  resource_json TEXT,
  events_json TEXT,
  source_file TEXT,
  imported_at INTEGER NOT NULL,
  scope_name TEXT,
  scope_version TEXT,
  dropped_attributes INTEGER NOT NULL DEFAULT 0,
  dropped_events INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (trace_seq, span_id)
) STRICT;
INSERT INTO spans_new (trace_seq, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, status_message, convention,
  is_llm, attributes_json, resource_json, events_json, source_file, imported_at, scope_name, scope_version, dropped_attributes,
  dropped_events)
SELECT t.seq, s.span_id, s.parent_span_id, s.name, s.kind, s.start_ns, s.end_ns, s.status_code, s.status_message, s.convention,
  s.is_llm, s.attributes_json, s.resource_json, s.events_json, s.source_file, s.imported_at, s.scope_name, s.scope_version,
  s.dropped_attributes, s.dropped_events
FROM spans s JOIN traces t ON t.trace_id = s.trace_id
ORDER BY t.seq, s.span_id;
DROP TABLE spans;
ALTER TABLE spans_new RENAME TO spans;
`;
