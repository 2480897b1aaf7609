// Migrations 0010 (local-run counters, answers held between phases), 0011 (a cut tool result's original length) and
// 0017 (the run list's index) over a store written by the version before each: rows kept, new columns null, the new
// table usable.
import { describe, expect, it } from 'vitest';
import { migratedStore, versionOf, type Db } from '../../support/migrated-store';

/** One run with one answered question, one judge call and one tool call, as any version since 0001 stores them. */
function writeRun(db: Db): void {
  db.prepare(
    `INSERT INTO runs (id, target_id, status, source, dataset_id, dataset_version, dataset_sha256, total, identity_json, created_at)
     VALUES ('r1', 't1', 'complete', 'manual', 'd1', '1.0.0', 'abc', 1, '{}', 1)`,
  ).run();
  const result = db
    .prepare(
      `INSERT INTO question_results (run_id, question_id, status, transcript_json, created_at) VALUES ('r1', 'q1', 'scored', '[]', 2)`,
    )
    .run().lastInsertRowid;
  db.prepare(
    `INSERT INTO judge_calls (grader_id, provider, model, template_version, prompt, response_seen, created_at)
     VALUES ('accuracy', 'ollama', 'm', '1', 'p', 'r', 3)`,
  ).run();
  db.prepare(`INSERT INTO tool_calls (result_id, seq, name, args_json) VALUES (?, 0, 'lookup', '{}')`).run(result);
}

describe('run migrations', () => {
  it('0010 keeps results and judge calls with null counters and adds the answers a phased run holds', () => {
    const v10 = migratedStore(10, writeRun);
    expect(v10.prepare('SELECT question_id, metrics_json FROM question_results').all()).toEqual([
      { question_id: 'q1', metrics_json: null },
    ]);
    expect(v10.prepare('SELECT grader_id, metrics_json FROM judge_calls').all()).toEqual([
      { grader_id: 'accuracy', metrics_json: null },
    ]);
    v10
      .prepare(
        `INSERT INTO answered_questions (run_id, question_id, repeat_index, answered_json, created_at) VALUES ('r1', 'q1', 0, '{}', 4)`,
      )
      .run();
    expect(v10.prepare('SELECT run_id, graded_json FROM answered_questions').all()).toEqual([
      { run_id: 'r1', graded_json: null },
    ]);
    v10.prepare("DELETE FROM runs WHERE id = 'r1'").run();
    expect(v10.prepare('SELECT COUNT(*) FROM answered_questions').pluck().get()).toBe(0);
    v10.close();
  });

  it('0011 keeps tool calls, none of them marked as cut', () => {
    const v11 = migratedStore(11, writeRun);
    expect(v11.prepare('SELECT name, result_original_chars FROM tool_calls').all()).toEqual([
      { name: 'lookup', result_original_chars: null },
    ]);
    v11.close();
  });

  it('0017 keeps runs and pages the run list through runs_created instead of sorting every run', () => {
    const v17 = migratedStore(versionOf('runs-created'), writeRun);
    expect(v17.prepare('SELECT id FROM runs').pluck().all()).toEqual(['r1']);
    const plan = v17
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM runs ORDER BY created_at DESC, id DESC LIMIT 50')
      .all()
      .map((step) => (step as { detail: string }).detail);
    expect(plan).toEqual(['SCAN runs USING INDEX runs_created']);
    v17.close();
  });
});
