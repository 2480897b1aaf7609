// The run side of the store on both backends: runs, locks, results and their reads, answers held between phases.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { StoreApi } from '../../../src-main/store/store';
import { describeBackends, openTestStore, type TestStore } from '../../support/store-backends';
import { formatGraderResult, identity, newResult, newRun, verdict } from '../../unit/store/repos/run-fixtures';

const judgeCall = (graderId: string, score: number | null) => ({
  graderId,
  provider: 'local',
  model: 'judge',
  templateVersion: 'v1',
  prompt: 'Is it good?',
  responseSeen: 'answer',
  rawAnswer: '4',
  score,
  reason: 'fine',
  error: null,
  settings: { temperature: 0 },
  latencyMs: 5,
  metrics: null,
});

describeBackends('the store: runs and results', (backend) => {
  let store: TestStore;
  let db: StoreApi;
  beforeEach(async () => {
    store = await openTestStore(backend);
    db = store.api;
  });
  afterEach(() => store.close());

  it('keeps a run from creation to verdict, and lists runs newest first with their summary', async () => {
    await db.runs.insert(newRun('r1', { createdAt: 1000 }));
    await db.runs.insert(newRun('r2', { createdAt: 2000, identity: identity({ promptVariant: 'candidate' }) }));
    await db.results.insertMany([newResult('r1', 'q1'), newResult('r1', 'q2', { passed: false, score: 1 })]);
    expect((await db.runs.list({ limit: 10, offset: 0 })).runs.map((r) => [r.id, r.done, r.experiment])).toEqual([
      ['r2', 0, true],
      ['r1', 2, false],
    ]);
    await db.runs.markRunning('r1', identity(), 1500);
    await db.runs.finish('r1', {
      status: 'complete',
      verdict: verdict(),
      error: null,
      identity: identity(),
      now: 3000,
    });
    const run = await db.runs.get('r1');
    expect(run).toMatchObject({ status: 'complete', startedAt: 1500, finishedAt: 3000, done: 3, passed: true });
    expect(run?.verdict?.avg_score).toBe(4);
    expect(await db.runs.list({ experiments: false, limit: 10, offset: 0 })).toMatchObject({ total: 1 });
    expect(await db.runs.list({ targetId: 'other', limit: 10, offset: 0 })).toEqual({ total: 0, runs: [] });
    // Each shape of the list (a target or all, experiments or not) is a statement of its own: every one answers.
    const page = (query: { targetId?: string; experiments?: boolean; offset: number }) =>
      db.runs.list({ limit: 1, ...query }).then(({ total, runs }) => [total, runs.map((r) => r.id)]);
    expect(await page({ targetId: 't1', offset: 0 })).toEqual([2, ['r2']]);
    expect(await page({ targetId: 't1', offset: 1 })).toEqual([2, ['r1']]);
    expect(await page({ targetId: 't1', experiments: false, offset: 0 })).toEqual([1, ['r1']]);
    expect(await page({ experiments: false, offset: 1 })).toEqual([1, []]);
    expect(await db.runs.history('t1', 5)).toEqual([
      { runId: 'r1', finishedAt: 3000, avgScore: 4, passRate: 1, errors: 0, passed: true },
    ]);
    expect(await db.runs.weekStats(0, 5000)).toEqual({ runs: 1, passed: 1, failed: 0, avgScore: 4, errors: 0 });
    expect(await db.runs.weekStats(0, 5000, 'other')).toMatchObject({ runs: 0 });
    expect(await db.runs.latestComplete()).toMatchObject([{ targetId: 't1', runId: 'r1', passed: true }]);
  });

  it('takes a target lock once, by compare-and-swap, and releases it', async () => {
    const lock = { targetId: 't1', runId: 'a', pid: 1, host: 'h', now: 10, expectRunId: null };
    expect(await db.runLocks.take(lock)).toBe(true);
    expect(await db.runLocks.take({ ...lock, runId: 'b' })).toBe(false);
    expect(await db.runLocks.take({ ...lock, runId: 'b', expectRunId: 'x' })).toBe(false);
    expect(await db.runLocks.take({ ...lock, runId: 'b', expectRunId: 'a' })).toBe(true);
    expect(await db.runLocks.heartbeat('t1', 'a', 20)).toBe(false);
    expect(await db.runLocks.heartbeat('t1', 'b', 20)).toBe(true);
    expect(await db.runLocks.all()).toMatchObject([{ targetId: 't1', runId: 'b', heartbeatAt: 20 }]);
    await db.runLocks.release('t1', 'b');
    expect(await db.runLocks.get('t1')).toBeUndefined();
  });

  it('writes a batch of questions all or none: a second write of a stored question fails and stores nothing', async () => {
    await db.runs.insert(newRun('r1'));
    const ids = await db.results.insertMany([
      newResult('r1', 'q1', { question: { textSha256: 'h1', tags: ['a'] }, judgeCalls: [judgeCall('j', 4)] }),
      newResult('r1', 'q2', {
        toolCalls: [{ seq: 0, server: 's', name: 'look', args: { a: 1 }, result: 'ok', error: false }],
      }),
    ]);
    expect(ids).toHaveLength(2);
    await expect(db.results.insertMany([newResult('r1', 'q3'), newResult('r1', 'q1')])).rejects.toThrow();
    expect((await db.results.doneKeys('r1')).sort()).toEqual([
      ['q1', 0],
      ['q2', 0],
    ]);
    const detail = await db.results.get(ids[0]!);
    expect(detail).toMatchObject({ questionId: 'q1', passed: true, graders: [formatGraderResult] });
    expect(detail?.judgeCalls).toMatchObject([{ graderId: 'j', score: 4, settings: { temperature: 0 } }]);
    expect((await db.results.batch('r1', 0, 10, false)).map((r) => [r.questionId, r.judgeCalls.length])).toEqual([
      ['q1', 0],
      ['q2', 0],
    ]);
    expect((await db.results.get(ids[1]!))?.toolCalls).toMatchObject([{ name: 'look', args: { a: 1 } }]);
  });

  it('counts a run in SQL: tallies (of some questions), score counts without the excluded, passes per question', async () => {
    await db.runs.insert(newRun('r1'));
    await db.results.insertMany([
      newResult('r1', 'q1'),
      newResult('r1', 'q2', { passed: false, score: 1 }),
      newResult('r1', 'q3', { status: 'degraded', response: null, score: null, passed: null }),
      newResult('r1', 'q1', { repeatIndex: 1, score: 2, passed: false }),
    ]);
    expect(await db.results.tally('r1')).toEqual({
      scored: 3,
      unscored: 0,
      degraded: 1,
      passed: 1,
      errors: 1,
      scoreSum: 7,
    });
    expect(await db.results.tally('r1', ['q2'])).toMatchObject({ scored: 1, passed: 0, scoreSum: 1 });
    expect(await db.results.graderScoreCounts('r1', 'format_grader', ['q3'])).toEqual([
      { score: 4, minScore: 0, maxScore: 5, n: 3 },
    ]);
    expect(await db.results.questionPasses('r1')).toEqual([
      { questionId: 'q1', trials: 2, passes: 1, scoreSum: 6 },
      { questionId: 'q2', trials: 1, passes: 0, scoreSum: 1 },
    ]);
    expect(await db.insights.graderStatsOf('r1')).toEqual([
      { graderId: 'format_grader', mean: 4, scored: 4, skipped: 0, errors: 0 },
    ]);
  });

  it('pages results: filtered, searched whatever the case, sorted with missing scores last, with repeat spread', async () => {
    await db.runs.insert(newRun('r1'));
    await db.results.insertMany([
      newResult('r1', 'Alpha', { score: 1, passed: false, response: 'The 100% answer' }),
      newResult('r1', 'beta', { score: null, status: 'unscored', passed: null }),
      newResult('r1', 'gamma', { score: 5 }),
      newResult('r1', 'gamma', { repeatIndex: 1, score: 3 }),
    ]);
    const page = (query: object) =>
      db.resultPages.page({ runId: 'r1', offset: 0, limit: 10, sort: 'question', ...query });
    expect((await page({})).rows.map((r) => r.questionId)).toEqual(['Alpha', 'beta', 'gamma', 'gamma']);
    expect((await page({ sort: 'score_asc' })).rows.map((r) => r.score)).toEqual([1, 3, 5, null]);
    expect((await page({ sort: 'score_desc' })).rows.map((r) => r.score)).toEqual([5, 3, 1, null]);
    expect(await page({ search: 'ALPHA' })).toMatchObject({ total: 1, rows: [{ questionId: 'Alpha' }] });
    expect(await page({ search: '100%' })).toMatchObject({ total: 1 });
    expect(await page({ search: '_' })).toMatchObject({ total: 0 });
    expect(await page({ status: 'failed' })).toMatchObject({ total: 1, rows: [{ questionId: 'Alpha' }] });
    expect(await page({ status: 'unscored' })).toMatchObject({ total: 1, rows: [{ questionId: 'beta' }] });
    const gamma = (await page({ search: 'gamma', limit: 1 })).rows[0]!;
    expect(gamma).toMatchObject({ repeatMean: 4, repeatSd: 1, repeatScored: 2, responsePreview: 'answer to gamma' });
    expect(gamma.graders).toEqual([{ graderId: 'format_grader', status: 'scored', score0to5: 4 }]);
  });

  it('reads a run lean for the matrix, with the verdict a person gave a result', async () => {
    await db.runs.insert(newRun('r1'));
    const [id] = await db.results.insertMany([newResult('r1', 'q1', { response: 'x'.repeat(300) })]);
    await db.labels.apply(
      [{ subjectType: 'question_result', subjectId: String(id) }],
      { verdict: 'pass', tags: ['prefer'] },
      'b1',
      5,
    );
    expect(await db.matrix.results('r1')).toMatchObject([
      { id, questionId: 'q1', answerChars: 300, rating: 'pass', labelTags: ['prefer'], passed: true },
    ]);
    expect((await db.matrix.results('r1'))[0]!.preview).toHaveLength(240);
    expect(await db.matrix.graderScores('r1')).toEqual([{ resultId: id, graderId: 'format_grader', score0to5: 4 }]);
  });

  it("reads a target's history cells once per complete run and answers the same from memory", async () => {
    const complete = async (id: string, createdAt: number, passed: readonly boolean[]) => {
      await db.runs.insert(newRun(id, { createdAt }));
      await db.results.insertMany(passed.map((pass, i) => newResult(id, `q${i + 1}`, { passed: pass })));
      await db.runs.finish(id, {
        status: 'complete',
        verdict: verdict(),
        error: null,
        identity: identity(),
        now: createdAt,
      });
    };
    const cells = async () => {
      const runIds = (await db.history.runs('t1', 10)).map((run) => run.id);
      const { questionIds, passes, scored } = await db.history.matrix(runIds);
      return { runIds, questionIds, passes: [...passes], scored: [...scored] };
    };
    await complete('r1', 1000, [true, false]);
    await complete('r2', 2000, [true, true]);
    const first = await cells();
    expect(first).toEqual({
      runIds: ['r1', 'r2'],
      questionIds: ['q1', 'q2'],
      passes: [1, 1, 0, 1],
      scored: [1, 1, 1, 1],
    });
    expect(await cells()).toEqual(first);
    // A third run asks a question the others did not: the first two runs' cells come from memory, the third's from SQL.
    await complete('r3', 3000, [false, true, true]);
    expect(await cells()).toEqual({
      runIds: ['r1', 'r2', 'r3'],
      questionIds: ['q1', 'q2', 'q3'],
      passes: [1, 1, 0, 0, 1, 1, 0, 0, 1],
      scored: [1, 1, 1, 1, 1, 1, -1, -1, 1],
    });
  });

  it('holds answers between phases in key order until the question is written', async () => {
    await db.runs.insert(newRun('r1'));
    await db.answered.put('r1', 'q2', 0, '{"a":2}', 1);
    await db.answered.put('r1', 'q1', 1, '{"a":11}', 1);
    await db.answered.put('r1', 'q1', 0, '{"a":1}', 1);
    await db.answered.setGraded('r1', 'q1', 0, '{"g":1}');
    expect((await db.answered.page('r1', null, 2)).map((a) => [a.questionId, a.repeatIndex, a.gradedJson])).toEqual([
      ['q1', 0, '{"g":1}'],
      ['q1', 1, null],
    ]);
    expect((await db.answered.page('r1', ['q1', 1], 10)).map((a) => a.questionId)).toEqual(['q2']);
    await db.answered.put('r1', 'q1', 0, '{"a":"again"}', 2);
    expect((await db.answered.page('r1', null, 1))[0]).toMatchObject({
      answeredJson: '{"a":"again"}',
      gradedJson: null,
    });
    await db.results.insertMany([newResult('r1', 'q1')]);
    expect((await db.answered.keys('r1')).sort()).toEqual([
      ['q1', 1],
      ['q2', 0],
    ]);
  });
});
