import { beforeEach, describe, expect, it } from 'vitest';
import { toolCallRecord } from '../../../../src-main/engine/agent/tool-call-record';
import type { Store } from '../../../../src-main/store/store';
import { formatGraderResult, newResult, storeWithRuns } from './run-fixtures';

/** A question whose target call failed: no answer, no score, no grader ran. */
const targetDown = {
  status: 'degraded',
  score: null,
  passed: null,
  response: null,
  error: 'down',
  graders: [],
} as const;

describe('ResultsRepo and ResultPagesRepo', () => {
  let store: Store;
  beforeEach(() => {
    store = storeWithRuns('r1', 'r2');
  });

  it('stores a tool result cut for size with its cut as a field and its original length as a column', () => {
    const { results } = store.repos;
    const cutCall = toolCallRecord(0, {
      name: 'dump',
      server: 'catalog',
      args: {},
      result: 'x'.repeat(5000),
      error: false,
    });
    const wholeCall = toolCallRecord(1, { name: 'find_loan', server: 'catalog', args: {}, result: 'ok', error: false });
    const id = results.insert(newResult('r1', 'q1', { toolCalls: [cutCall, wholeCall] }));
    const [cut, whole] = results.get(id)!.toolCalls!;
    expect(cut!.result).toMatch(/\n\[cut for size: 2,000 of 5,000 characters kept\]$/);
    expect(cut!.resultCut).toEqual({ keptChars: 2000, originalChars: 5000 });
    expect(whole!.resultCut).toBeNull();
    const columns = store.db
      .prepare('SELECT result_original_chars FROM tool_calls WHERE result_id = ? ORDER BY seq')
      .pluck()
      .all(id);
    expect(columns).toEqual([5000, null]);
  });

  it('writes a question with its graders, tool calls and judge calls, and reads it back whole', () => {
    const { results } = store.repos;
    const id = results.insert(
      newResult('r1', 'q1', {
        toolCalls: [
          { seq: 0, name: 'find_loan', server: 'catalog', args: { card: '4471' }, result: '{"due":"x"}', error: false },
        ],
        judgeCalls: [
          {
            graderId: 'relevance_grader',
            provider: 'local',
            model: 'j',
            templateVersion: 'v1',
            prompt: 'p',
            responseSeen: 'r',
            rawAnswer: '{"score":4}',
            score: 4,
            reason: 'fine',
            error: null,
            settings: { temperature: 0 },
            latencyMs: 5,
          },
        ],
      }),
    );
    const detail = results.get(id)!;
    expect(detail).toMatchObject({ runId: 'r1', questionId: 'q1', status: 'scored', passed: true, attempts: 1 });
    expect(detail.toolCalls).toEqual([
      { seq: 0, name: 'find_loan', server: 'catalog', args: { card: '4471' }, result: '{"due":"x"}', error: false },
    ]);
    expect(detail.judgeCalls[0]).toMatchObject({
      graderId: 'relevance_grader',
      settings: { temperature: 0 },
      score: 4,
    });
    expect(detail.graders).toEqual([formatGraderResult]);
    expect(store.db.prepare('SELECT count(*) FROM tool_calls').pluck().get()).toBe(1);
    expect(store.db.prepare('SELECT run_id, question_id FROM judge_calls').get()).toEqual({
      run_id: 'r1',
      question_id: 'q1',
    });
  });

  it('refuses a second result for the same question and repeat, leaving nothing half-written', () => {
    const { results } = store.repos;
    results.insert(newResult('r1', 'q1'));
    expect(() => results.insert(newResult('r1', 'q1'))).toThrow(/UNIQUE/);
    expect(store.db.prepare('SELECT count(*) FROM grader_results').pluck().get()).toBe(1);
    results.insert(newResult('r1', 'q1', { repeatIndex: 1 }));
    expect(results.doneKeys('r1').sort()).toEqual([
      ['q1', 0],
      ['q1', 1],
    ]);
  });

  it('tallies a run in SQL: statuses, passes, target failures and the score sum', () => {
    const { results } = store.repos;
    results.insert(newResult('r1', 'a', { score: 4, passed: true }));
    results.insert(newResult('r1', 'b', { score: 2, passed: false }));
    results.insert(newResult('r1', 'c', targetDown));
    results.insert(newResult('r1', 'd', { status: 'degraded', score: null, passed: null }));
    results.insert(newResult('r1', 'e', { status: 'unscored', score: null, passed: null }));
    expect(results.tally('r1')).toEqual({ scored: 2, unscored: 1, degraded: 2, passed: 1, errors: 1, scoreSum: 6 });
    expect(results.tally('r2')).toEqual({ scored: 0, unscored: 0, degraded: 0, passed: 0, errors: 0, scoreSum: 0 });
  });

  it('streams a run in id order in batches', () => {
    const { results } = store.repos;
    for (const q of ['a', 'b', 'c']) results.insert(newResult('r1', q));
    results.insert(newResult('r2', 'x'));
    const first = results.batch('r1', 0, 2);
    expect(first.map((r) => r.questionId)).toEqual(['a', 'b']);
    expect(results.batch('r1', first[1]!.id, 2).map((r) => r.questionId)).toEqual(['c']);
  });

  it('pages, filters, searches and sorts results, with repeat mean and spread', () => {
    const { results, resultPages } = store.repos;
    results.insert(newResult('r1', 'alpha', { score: 5, passed: true }));
    results.insert(newResult('r1', 'alpha', { repeatIndex: 1, score: 3, passed: false, response: '50% off_sale' }));
    results.insert(newResult('r1', 'beta', { score: 1, passed: false, latencyMs: 99 }));
    results.insert(newResult('r1', 'gamma', targetDown));
    const all = resultPages.page({ runId: 'r1', offset: 0, limit: 2, sort: 'question' });
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => [r.questionId, r.repeatIndex])).toEqual([
      ['alpha', 0],
      ['alpha', 1],
    ]);
    expect(all.rows[0]).toMatchObject({
      repeatMean: 4,
      repeatSd: 1,
      repeatScored: 2,
      graders: [{ graderId: 'format_grader', status: 'scored', score0to5: 4 }],
    });
    expect(resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'score_asc' }).rows.map((r) => r.score)).toEqual(
      [1, 3, 5, null],
    );
    expect(
      resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'score_desc' }).rows.map((r) => r.score),
    ).toEqual([5, 3, 1, null]);
    expect(resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'latency_desc' }).rows[0]?.questionId).toBe(
      'beta',
    );
    expect(resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'question', status: 'failed' }).total).toBe(2);
    expect(
      resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'question', status: 'degraded' }).rows[0],
    ).toMatchObject({ questionId: 'gamma', error: 'down', responsePreview: '' });
    // LIKE wildcards in the search are literal.
    expect(resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'question', search: '50%' }).total).toBe(1);
    expect(resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'question', search: 'o_f' }).total).toBe(0);
    expect(
      resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'question', search: 'bet' }).rows[0]?.questionId,
    ).toBe('beta');
  });
});
