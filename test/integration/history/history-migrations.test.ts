import { describe, expect, it } from 'vitest';
import { migratedStore } from '../../support/migrated-store';

describe('question history migration', () => {
  it('0012 keeps results (their version unknown), adds question versions, the folded cells and the indexes', () => {
    const v12 = migratedStore(12, (v11) => {
      v11
        .prepare(
          `INSERT INTO runs (id, target_id, status, source, dataset_id, dataset_version, dataset_sha256, total, identity_json, created_at)
           VALUES ('r1', 't1', 'complete', 'manual', 'd1', '1.0.0', 'abc', 1, '{}', 0)`,
        )
        .run();
      v11
        .prepare(
          `INSERT INTO question_results (run_id, question_id, status, score, passed, transcript_json, created_at)
           VALUES ('r1', 'q1', 'scored', 4, 1, '[]', 0)`,
        )
        .run();
    });
    expect(v12.prepare('SELECT question_id, passed, question_version_id FROM question_results').get()).toEqual({
      question_id: 'q1',
      passed: 1,
      question_version_id: null,
    });
    const names = (type: string) =>
      v12.prepare('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name').pluck().all(type);
    expect(names('table')).toEqual(expect.arrayContaining(['question_versions', 'run_history_cells']));
    expect(names('index')).toEqual(
      expect.arrayContaining(['question_results_history', 'question_results_question', 'runs_target_complete']),
    );
    v12.prepare("INSERT INTO question_versions (question_id, text_sha256) VALUES ('q1', 'h')").run();
    v12.prepare("INSERT INTO run_history_cells VALUES ('r1', 'q1', '110', '1')").run();
    // A deleted run takes its folded cells with it.
    v12.prepare('DELETE FROM runs').run();
    expect(v12.prepare('SELECT count(*) FROM run_history_cells').pluck().get()).toBe(0);
    v12.close();
  });
});
