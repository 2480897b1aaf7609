import { describe, expect, it } from 'vitest';
import { migratedStore, versionOf } from '../../support/migrated-store';

describe('0015 gold sample design', () => {
  it('keeps every gold item with no recorded design, and refuses an inclusion probability outside (0, 1]', () => {
    const after = migratedStore(versionOf('gold-sample-design'), (before) =>
      before.exec(
        `INSERT INTO gold_items (id, grader_id, question_text, response_text, human_label, created_at)
         VALUES ('g1', 'relevance_grader', 'q', 'r', 'pass', 1)`,
      ),
    );
    expect(after.prepare('SELECT id, human_label, stratum, inclusion_probability FROM gold_items').all()).toEqual([
      { id: 'g1', human_label: 'pass', stratum: null, inclusion_probability: null },
    ]);
    const insert = after.prepare(
      `INSERT INTO gold_items (id, grader_id, question_text, response_text, stratum, inclusion_probability, created_at)
       VALUES (?, 'relevance_grader', 'q', 'r', ?, ?, 2)`,
    );
    insert.run('g2', 'judge_fail', 0.25);
    expect(() => insert.run('g3', 'judge_fail', 0)).toThrow(/CHECK/);
    expect(() => insert.run('g4', 'judge_fail', 1.5)).toThrow(/CHECK/);
    expect(() => insert.run('g5', 'half', 0.5)).toThrow(/CHECK/);
    expect(after.prepare('SELECT design_json FROM judge_validations').all()).toEqual([]);
    after.close();
  });
});
