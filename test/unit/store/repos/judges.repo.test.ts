import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src-main/store/store';
import { insertJudgeCalls, memoryStore } from '../../engine/grading/trust/store-fixture';
import { judgeReport } from '../../../builders/judge-report';

let store: Store;
let repo: Store['repos']['judges'];
beforeEach(() => {
  store = memoryStore().store;
  repo = store.repos.judges;
});
afterEach(() => store.close());

const gold = (id: string, judgeCallId: number | null = null) => ({
  id,
  graderId: 'relevance_grader',
  judgeCallId,
  question: `question ${id}`,
  response: `response ${id}`,
  judgeScore: 4,
  judgeReason: 'fine',
  createdAt: 10,
});

describe('JudgesRepo', () => {
  it('reads scored calls only, by grader and time, and by id', () => {
    const [a, b, c, d] = insertJudgeCalls(store, [
      { score: 5, createdAt: 100 },
      { score: null, createdAt: 200 },
      { score: 1, createdAt: 300 },
      { score: 2, grader: 'accuracy_grader', createdAt: 400 },
    ]);
    expect(repo.scoredCalls('relevance_grader', 0).map((call) => call.id)).toEqual([a, c]);
    expect(repo.scoredCalls('relevance_grader', 150).map((call) => call.id)).toEqual([c]);
    expect(repo.callsByIds([a!, b!, d!, 999]).map((call) => call.id)).toEqual([a, d]);
    expect(repo.countScoredCalls('relevance_grader')).toBe(2);
    expect(repo.latestCall('relevance_grader')?.id).toBe(c);
    expect(repo.latestCall('relevance_grader', 'local', 'other')).toBeUndefined();
    expect(repo.scoredCalls('relevance_grader', 0)[0]).toMatchObject({
      provider: 'local',
      model: 'llama3.1:8b',
      templateVersion: '1.0.0',
      score: 5,
      reason: 'score 5',
    });
  });

  it('adds gold items once: sampling the same call again keeps its label', () => {
    const [callId] = insertJudgeCalls(store, [{ score: 4 }]);
    expect(repo.addGoldItems([gold('jc-1', callId), gold('x')])).toBe(2);
    store.db.prepare(`UPDATE gold_items SET human_label = 'fail' WHERE id = 'x'`).run();
    expect(repo.addGoldItems([gold('x'), gold('y')])).toBe(1);
    expect(repo.goldItems('relevance_grader').map((item) => [item.id, item.humanLabel, item.judgeCallId])).toEqual([
      ['jc-1', null, callId],
      ['x', 'fail', null],
      ['y', null, null],
    ]);
  });

  it('takes the workbench label (labels table, subject gold_item) over the stored one', () => {
    repo.addGoldItems([gold('x'), gold('y')]);
    store.db.prepare(`UPDATE gold_items SET human_label = 'fail' WHERE id = 'x'`).run();
    const label = store.db.prepare(
      `INSERT INTO labels (subject_type, subject_id, verdict, created_at, updated_at) VALUES ('gold_item', @id, @verdict, 1, 1)`,
    );
    label.run({ id: 'x', verdict: 'pass' });
    label.run({ id: 'y', verdict: null }); // notes only: no verdict yet
    expect(repo.goldItems('relevance_grader').map((item) => item.humanLabel)).toEqual(['pass', null]);
  });

  it('stores validations and returns the latest, with an unknown template version as null', () => {
    // The store keeps a validation's report without its reason (see StoredValidation in judges.repo).
    const { reason: _reason, ...report } = judgeReport(
      { tp: 2, fn: 0, tn: 0, fp: 1 },
      { grader: 'relevance_grader', tpr_ci: [0.3, 1], tnr_ci: [0, 0.7], state: 'failing' },
    );
    repo.saveValidation({
      report,
      judge: { provider: 'local', model: 'm', template_version: '1' },
      labelsSource: 'store',
      createdAt: 1,
    });
    repo.saveValidation({
      report: { ...report, n_neg: 0, tn: 0, fp: 0, tnr: null, tnr_ci: null, state: 'insufficient' },
      judge: { provider: 'local', model: 'm', template_version: null },
      labelsSource: 'file:a.yaml',
      createdAt: 2,
    });
    const latest = repo.latestValidation('relevance_grader');
    expect(latest).toMatchObject({
      judge: { provider: 'local', model: 'm', template_version: null },
      labelsSource: 'file:a.yaml',
      createdAt: 2,
    });
    expect(latest?.report).toEqual({
      ...report,
      n_neg: 0,
      tn: 0,
      fp: 0,
      tnr: null,
      tnr_ci: null,
      state: 'insufficient',
    });
    expect(repo.latestValidation('accuracy_grader')).toBeUndefined();
    expect(() =>
      repo.saveValidation({
        report: { ...report, state: 'stale' },
        judge: { provider: '', model: '', template_version: null },
        labelsSource: 'x',
        createdAt: 3,
      }),
    ).toThrow(/not a validation outcome/);
  });
});
