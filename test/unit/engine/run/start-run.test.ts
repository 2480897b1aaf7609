import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../../src-main/engine/providers/provider';
import { PlanError } from '../../../../src-main/engine/run/plan';
import { startRun } from '../../../../src-main/engine/run/start-run';
import { errored, scored, skipped } from '../../../../src-main/engine/grading/grader';
import { fakeProvider, harness, makeWorkspace, selection, testGrader } from './engine-fixtures';

const longAnswer = (request: { messages: readonly { content: string }[] }) =>
  `A plain answer to ${request.messages.at(-1)?.content} that is long enough.`;
const signal = () => new AbortController().signal;

describe('startRun', () => {
  it('runs every question, stores one result each, and completes with a verdict and a frozen identity', async () => {
    const workspace = makeWorkspace({ questions: 5 });
    const provider = fakeProvider(longAnswer);
    const h = harness(workspace, provider);
    const started = await startRun({ targetId: 't1', selection: selection(), source: 'ci' }, h.deps, signal());
    expect(started.total).toBe(5);
    const finished = await started.finished;
    expect(finished).toMatchObject({ runId: started.runId, targetId: 't1', status: 'complete', error: null });
    expect(finished.verdict).toMatchObject({
      passed: true,
      avg_score: 5,
      pass_rate: 1,
      coverage: 1,
      reason: 'avg_score 5.00 ≥ 3.50',
    });
    expect(provider.calls).toHaveLength(5);
    expect(provider.calls[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'question 1' },
    ]);
    const run = (await h.db.runs.get(started.runId))!;
    expect(run).toMatchObject({ status: 'complete', source: 'ci', done: 5, total: 5, passed: true });
    expect(run.identity).toMatchObject({
      targetId: 't1',
      model: 'm1',
      provider: { name: 'p', kind: 'ollama' },
      generation: { temperature: 0.2 },
      generationSent: { temperature: 0.2 },
      systemPrompt: 'Be brief.',
      dataset: { id: 'ds', version: '1.0.0' },
      graders: ['format_grader'],
      judgeTemplates: { default: '1' },
      source: 'ci',
      appVersion: '0.0.0-test',
    });
    expect(run.identity.systemPromptSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(run.identity.dataset.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(run.identity.startedAt).not.toBeNull();
    expect(run.identity.finishedAt).not.toBeNull();
    const page = await h.db.resultPages.page({ runId: started.runId, offset: 0, limit: 10, sort: 'question' });
    expect(page.rows.map((row) => row.questionId)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    const detail = (await h.db.results.get(page.rows[0]!.id))!;
    expect(detail.transcript).toEqual([
      { role: 'user', content: 'question 1' },
      { role: 'assistant', content: 'A plain answer to question 1 that is long enough.' },
    ]);
    expect(detail).toMatchObject({
      attempts: 1,
      inputTokens: 3,
      outputTokens: 4,
      finishReason: 'stop',
      toolCalls: null,
      costUsd: 0,
    });
    expect(h.finished).toEqual([finished]);
    expect(h.progress.at(-1)).toMatchObject({
      runId: started.runId,
      done: 5,
      total: 5,
      errors: 0,
      degraded: 0,
      runningAvg: 5,
    });
    expect(await h.db.runLocks.get('t1')).toBeUndefined();
  });

  it('repeats every question N times and narrows to --question ids', async () => {
    const h = harness(makeWorkspace({ questions: 4 }), fakeProvider(longAnswer));
    const started = await startRun(
      { targetId: 't1', selection: selection({ questionIds: ['q2', 'q4'], repeat: 3 }), source: 'manual' },
      h.deps,
      signal(),
    );
    expect(started.total).toBe(6);
    await started.finished;
    expect((await h.db.results.doneKeys(started.runId)).sort()).toEqual([
      ['q2', 0],
      ['q2', 1],
      ['q2', 2],
      ['q4', 0],
      ['q4', 1],
      ['q4', 2],
    ]);
  });

  it('refuses unknown targets and questions before anything is stored', async () => {
    const h = harness(makeWorkspace(), fakeProvider(longAnswer));
    await expect(
      startRun({ targetId: 'nope', selection: selection(), source: 'manual' }, h.deps, signal()),
    ).rejects.toThrow(/unknown target "nope"; known: t1/);
    await expect(
      startRun({ targetId: 't1', selection: selection({ questionIds: ['zzz'] }), source: 'manual' }, h.deps, signal()),
    ).rejects.toThrow(PlanError);
    expect((await h.db.runs.list({ limit: 10, offset: 0 })).total).toBe(0);
  });

  it('a provider outage degrades every question: no score at all, insufficient coverage, the gate fails', async () => {
    const down = new ProviderError('connect ECONNREFUSED 127.0.0.1:9', { retryable: true });
    const provider = fakeProvider(() => down);
    const h = harness(makeWorkspace({ questions: 4 }), provider);
    const started = await startRun({ targetId: 't1', selection: selection(), source: 'manual' }, h.deps, signal());
    const finished = await started.finished;
    expect(finished.status).toBe('complete');
    expect(finished.verdict).toMatchObject({
      passed: false,
      avg_score: null,
      pass_rate: null,
      coverage: 0,
      counts: { degraded: 4, scored: 0 },
    });
    expect(finished.verdict?.reason).toMatch(/^insufficient coverage/);
    // max_retries 2: three attempts per question, each recorded.
    expect(provider.calls).toHaveLength(12);
    const rows = (await h.db.resultPages.page({ runId: started.runId, offset: 0, limit: 10, sort: 'question' })).rows;
    expect(rows.every((row) => row.status === 'degraded' && row.score === null && row.passed === null)).toBe(true);
    expect(rows[0]?.error).toBe('target call failed: p: connect ECONNREFUSED 127.0.0.1:9 (gave up after 3 attempts)');
    const detail = (await h.db.results.get(rows[0]!.id))!;
    expect(detail).toMatchObject({ attempts: 3, response: null, graders: [] });
    expect(h.progress.at(-1)).toMatchObject({ done: 4, errors: 4, degraded: 4, runningAvg: null });
  });

  it('rides out a 429 storm and records the attempts', async () => {
    let calls = 0;
    const provider = fakeProvider((request) => {
      calls += 1;
      return calls <= 4
        ? new ProviderError('HTTP 429 Too Many Requests', { status: 429, retryable: true, retryAfterMs: 5 })
        : longAnswer(request);
    });
    const h = harness(
      makeWorkspace({
        questions: 2,
        settings: { concurrency: 1, rate_limit: { max_retries: 5, base_delay_ms: 1, delay_between_calls_ms: 0 } },
      }),
      provider,
    );
    const started = await startRun({ targetId: 't1', selection: selection(), source: 'manual' }, h.deps, signal());
    expect((await started.finished).verdict?.passed).toBe(true);
    const rows = (await h.db.resultPages.page({ runId: started.runId, offset: 0, limit: 10, sort: 'question' })).rows;
    const attempts = await Promise.all(rows.map(async (row) => (await h.db.results.get(row.id))!.attempts));
    expect(attempts).toEqual([5, 1]);
  });

  it('scores from every grader on its own scale; skips are excluded, a grader error or throw degrades the question', async () => {
    const graders = [
      testGrader('groundedness_grader', (text) =>
        text.includes('question 1') ? scored(1, 'grounded') : scored(0, 'not grounded'),
      ),
      testGrader('relevance_grader', (text) =>
        text.includes('question 3') ? errored('judge unreachable') : scored(4, 'relevant'),
      ),
      testGrader('fact_match_grader', () => skipped('no expected_facts')),
      testGrader('actionability_grader', (text) => {
        if (text.includes('question 4')) throw new Error('bug in grader');
        return scored(5, 'fine');
      }),
    ];
    const workspace = makeWorkspace({
      questions: 4,
      graders: ['groundedness_grader', 'relevance_grader', 'fact_match_grader', 'actionability_grader'],
    });
    const h = harness(workspace, fakeProvider(longAnswer), { graders });
    const started = await startRun({ targetId: 't1', selection: selection(), source: 'manual' }, h.deps, signal());
    const finished = await started.finished;
    const rows = (await h.db.resultPages.page({ runId: started.runId, offset: 0, limit: 10, sort: 'question' })).rows;
    expect(rows.map((row) => [row.questionId, row.status, row.score])).toEqual([
      ['q1', 'scored', (5 + 4 + 5) / 3],
      ['q2', 'scored', (0 + 4 + 5) / 3],
      ['q3', 'degraded', null],
      ['q4', 'degraded', null],
    ]);
    expect(rows[2]?.error).toBe('relevance_grader: judge unreachable');
    expect(rows[3]?.error).toBe('actionability_grader: grader failed: bug in grader');
    const q1 = (await h.db.results.get(rows[0]!.id))!;
    expect(q1.graders.find((g) => g.graderId === 'groundedness_grader')).toMatchObject({
      score: 1,
      minScore: 0,
      maxScore: 1,
      score0to5: 5,
    });
    expect(q1.graders.find((g) => g.graderId === 'fact_match_grader')).toMatchObject({
      status: 'skipped',
      score: null,
      score0to5: null,
    });
    expect(finished.verdict).toMatchObject({
      coverage: 0.5,
      counts: { scored: 2, degraded: 2, passed: 1 },
      pass_rate: 0.5,
    });
    // Judge trust is advisory on every verdict: never validated here, so named as such.
    expect(finished.verdict?.judges.map((judge) => `${judge.grader}: ${judge.state}`)).toEqual([
      'groundedness_grader: unvalidated',
      'relevance_grader: unvalidated',
      'fact_match_grader: unvalidated',
      'actionability_grader: unvalidated',
    ]);
    expect(finished.verdict?.corrected_pass_rate).toBeNull();
  });

  it('sends the next question before grading with graders that read the answer alone; other graders hold the lane', async () => {
    const callsAtGrading = async (answerOnly: boolean) => {
      // Each answer comes in a turn of its own, as over a network.
      const provider = fakeProvider(() => async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return longAnswer(request);
      });
      const seen: Record<string, number> = {};
      const grader = testGrader('format_grader', (text) => {
        seen[/question \d+/.exec(text)![0]] = provider.calls.length;
        return scored(5, 'fine');
      });
      const graders = [answerOnly ? { ...grader, answerOnly: true as const } : grader];
      const h = harness(makeWorkspace({ questions: 3, graders: ['format_grader'] }), provider, { graders });
      const started = await startRun(
        { targetId: 't1', selection: selection(), source: 'ci', concurrency: 1 },
        h.deps,
        signal(),
      );
      const finished = await started.finished;
      expect(finished).toMatchObject({ status: 'complete', verdict: { passed: true, coverage: 1 } });
      expect(await h.db.results.doneKeys(started.runId)).toHaveLength(3);
      return seen;
    };
    // One lane: grading off the lane sees the following question already asked; the last has none to wait for.
    expect(await callsAtGrading(true)).toEqual({ 'question 1': 2, 'question 2': 3, 'question 3': 3 });
    expect(await callsAtGrading(false)).toEqual({ 'question 1': 1, 'question 2': 2, 'question 3': 3 });
  });

  it('keeps only questions of the shard, deterministically', async () => {
    const workspace = makeWorkspace({ questions: 12 });
    const ids = async (index: number) => {
      const h = harness(workspace, fakeProvider(longAnswer));
      const started = await startRun(
        { targetId: 't1', selection: selection({ shard: { index, count: 3 } }), source: 'ci' },
        h.deps,
        signal(),
      );
      await started.finished;
      return (await h.db.results.doneKeys(started.runId)).map(([id]) => id).sort();
    };
    const slices = [await ids(1), await ids(2), await ids(3)];
    expect(slices.flat().sort()).toEqual(Array.from({ length: 12 }, (_, i) => `q${i + 1}`).sort());
    expect(await ids(2)).toEqual(slices[1]);
  });
});
