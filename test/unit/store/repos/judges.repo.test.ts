import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src-main/store/store';
import { insertGoldItems, insertJudgeCalls, insertValidation, memoryStore } from '../../engine/trust/store-fixture';
import { judgeReport } from '../../../support/judge-report';

let store: Store;
let repo: Store['repos']['judges'];
beforeEach(() => {
  store = memoryStore().store;
  repo = store.repos.judges;
});
afterEach(() => store.close());

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

  it('returns every reviewer verdict of an item and its sampling design', () => {
    insertGoldItems(store, [
      { id: 'x', judgeScore: 4, createdAt: 10, stratum: 'judge_fail', inclusionProbability: 0.25 },
      { id: 'y', judgeScore: 4, createdAt: 10 },
      { id: 'z', judgeScore: 4, createdAt: 10, graderId: 'accuracy_grader' },
    ]);
    const verdict = store.db.prepare(
      `INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at) VALUES ('gold_item', ?, ?, ?, ?)`,
    );
    verdict.run('x', 'ben', 'pass', 7);
    verdict.run('x', 'ada', 'defer', 9);
    verdict.run('z', 'ben', 'fail', 3);
    expect(repo.goldItems('relevance_grader')).toMatchObject([
      {
        id: 'x',
        stratum: 'judge_fail',
        inclusionProbability: 0.25,
        verdicts: [
          { reviewer: 'ada', verdict: 'defer', at: 9 },
          { reviewer: 'ben', verdict: 'pass', at: 7 },
        ],
      },
      { id: 'y', stratum: null, inclusionProbability: null, verdicts: [] },
    ]);
  });

  it('reads the judge template of the latest gold item that recorded one', () => {
    const judge = (template: string | null) => ({ provider: 'local', model: 'm', template_version: template });
    insertGoldItems(store, [
      { id: 'a', judgeScore: 4, createdAt: 1, judge: judge('judge@1.0.0') },
      { id: 'b', judgeScore: 4, createdAt: 2, judge: judge('judge@1.1.0') },
      { id: 'c', judgeScore: null, createdAt: 3, judge: null },
    ]);
    expect(repo.goldTemplate('relevance_grader')).toBe('judge@1.1.0');
    expect(repo.goldTemplate('accuracy_grader')).toBeUndefined();
    expect(repo.goldItems('relevance_grader').map((item) => item.judge?.template_version ?? null)).toEqual([
      'judge@1.0.0',
      'judge@1.1.0',
      null,
    ]);
  });

  it('reads the latest validation, with an unknown template version as null', () => {
    // The store keeps a validation's report without its reason (see StoredValidation in judges.repo).
    const { reason: _reason, ...report } = judgeReport(
      { tp: 2, fn: 0, tn: 0, fp: 1 },
      { grader: 'relevance_grader', tpr_ci: [0.3, 1], tnr_ci: [0, 0.7], state: 'failing' },
    );
    insertValidation(store, {
      report,
      judge: { provider: 'local', model: 'm', template_version: '1' },
      labelsSource: 'store',
      createdAt: 1,
    });
    insertValidation(store, {
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
  });
});
