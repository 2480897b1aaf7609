import { describe, expect, it } from 'vitest';
import { migratedStore, versionOf } from '../../support/migrated-store';

// Found by name: the version is the migration's position, which issue 34's 0012 moves by one.
const version = versionOf('label-reviewers');

describe('0013 label reviewers', () => {
  it('keeps every label, gives it the unnamed reviewer, and copies each verdict into reviewer_verdicts', () => {
    const after = migratedStore(version, (before) => {
      const insert = before.prepare(
        `INSERT INTO labels (subject_type, subject_id, verdict, notes, created_at, updated_at) VALUES ('gold_item', ?, ?, ?, 1, ?)`,
      );
      insert.run('g1', 'pass', '', 5);
      insert.run('g2', null, 'a note only', 6);
      insert.run('g3', 'fail', '', 7);
    });
    expect(after.prepare('SELECT subject_id, verdict, notes, reviewer FROM labels ORDER BY subject_id').all()).toEqual([
      { subject_id: 'g1', verdict: 'pass', notes: '', reviewer: '' },
      { subject_id: 'g2', verdict: null, notes: 'a note only', reviewer: '' },
      { subject_id: 'g3', verdict: 'fail', notes: '', reviewer: '' },
    ]);
    expect(after.prepare('SELECT * FROM reviewer_verdicts ORDER BY subject_id').all()).toEqual([
      { subject_type: 'gold_item', subject_id: 'g1', reviewer: '', verdict: 'pass', updated_at: 5 },
      { subject_type: 'gold_item', subject_id: 'g3', reviewer: '', verdict: 'fail', updated_at: 7 },
    ]);
    // Two reviewers on one item are two rows; the same reviewer twice is refused.
    after.prepare(`INSERT INTO reviewer_verdicts VALUES ('gold_item', 'g1', 'ana', 'fail', 8)`).run();
    expect(() =>
      after.prepare(`INSERT INTO reviewer_verdicts VALUES ('gold_item', 'g1', 'ana', 'pass', 9)`).run(),
    ).toThrow(/UNIQUE/);
    after.close();
  });
});

describe('0014 label history reviewer', () => {
  it('keeps the history rows, with no reviewer for changes made before it (their undo leaves reviewer verdicts alone)', () => {
    const v14 = versionOf('label-history-reviewer');
    const after = migratedStore(v14, (before) =>
      before.exec(
        `INSERT INTO label_history (batch_id, subject_type, subject_id, previous_json, created_at) VALUES ('b1', 'gold_item', 'g1', NULL, 3)`,
      ),
    );
    expect(
      after.prepare('SELECT batch_id, subject_id, reviewer, reviewer_previous_json FROM label_history').all(),
    ).toEqual([{ batch_id: 'b1', subject_id: 'g1', reviewer: null, reviewer_previous_json: null }]);
    after.close();
  });
});
