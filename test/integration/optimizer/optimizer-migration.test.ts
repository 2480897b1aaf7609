import { describe, expect, it } from 'vitest';
import { Store } from '../../../src-main/store/store';
import { migratedStore, versionOf } from '../../support/migrated-store';

const VERSION = versionOf('optimizer-changes');

describe('migration optimizer-changes', () => {
  it('keeps candidates written before it (no scores, no job) readable, and logs changes that go with their candidate', () => {
    const db = migratedStore(VERSION, (before) =>
      before.exec(
        `INSERT INTO optimizer_candidates (id, target_id, attempt, status, baseline_prompt, candidate_prompt, baseline_mean, candidate_mean, created_at)
         VALUES ('c1', 't1', 1, 'pending', 'old', 'new', 2, 4, 1)`,
      ),
    );

    const repo = new Store(db).repos.optimizer;
    expect(repo.get('c1')).toMatchObject({
      id: 'c1',
      jobId: null,
      proposer: null,
      baselineScores: [],
      candidateScores: [],
      baselineRunIds: [],
      decidingQuestionIds: null,
      baselinePrompt: 'old',
      candidatePrompt: 'new',
    });
    const action = {
      id: 'c1',
      from: ['pending'] as const,
      actor: 'a',
      reason: 'r',
      previousPrompt: 'old',
      newPrompt: 'new',
      now: 2,
    };
    expect(repo.act({ ...action, action: 'applied' })).toBe(true);
    expect(repo.act({ ...action, action: 'rejected' })).toBe(false);
    expect(repo.changes('c1')).toEqual([
      expect.objectContaining({ action: 'applied', actor: 'a', previousPrompt: 'old', createdAt: 2 }),
    ]);
    expect(() =>
      db
        .prepare(
          `INSERT INTO optimizer_changes (candidate_id, target_id, action, actor, created_at) VALUES ('c1', 't1', 'deleted', 'a', 3)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    db.prepare(`DELETE FROM optimizer_candidates WHERE id = 'c1'`).run();
    expect(db.prepare('SELECT count(*) FROM optimizer_changes').pluck().get()).toBe(0);
    db.close();
  });
});
