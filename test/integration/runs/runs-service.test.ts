import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import type { RunFinished, RunMatrix, RunProgress } from '../../../src-shared/model';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript, lastUserText } from '../../fixtures/fake-scripts';
import { createTestApp } from '../../support/app';
import { exampleOn } from '../../support/online-example';

describe('runs through the service (fake provider server)', () => {
  let server: FakeProviderServer;
  let app: App;
  const progress: RunProgress[] = [];
  const finished: RunFinished[] = [];
  const waiters = new Map<string, (end: RunFinished) => void>();

  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const envelope = await app.dispatch(method, input, { transport: 'in-process' });
    if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), { code: envelope.error.code });
    return envelope.value as T;
  };
  const whenFinished = (runId: string) =>
    new Promise<RunFinished>((resolve) => {
      const done = finished.find((end) => end.runId === runId);
      if (done) resolve(done);
      else waiters.set(runId, resolve);
    });

  beforeAll(async () => {
    server = await startFakeProviderServer({
      script: judgeScript({ score: 4, reason: 'fine' }, (request) => ({
        text: `Answer: ${lastUserText(request)} The main branch is open 12:00 to 17:00 on Sundays.`,
      })),
    });
    const dir = exampleOn(server.url);
    app = createTestApp(dir, { trusted: true });
    app.events.subscribe((name, payload) => {
      if (name === 'runs.progressed') progress.push(payload as RunProgress);
      if (name === 'runs.finished') {
        const end = payload as RunFinished;
        finished.push(end);
        waiters.get(end.runId)?.(end);
      }
    });
  });

  afterAll(async () => {
    await app.dispose();
    await server.close();
  });

  it('starts a chat run in the background, streams progress, and stores results the UI can page', async () => {
    const { runId, total } = await call<{ runId: string; total: number }>('runs.start', { targetId: 'helpdesk_chat' });
    expect(total).toBeGreaterThanOrEqual(8);
    const end = await whenFinished(runId);
    expect(end.status).toBe('complete');
    expect(end.verdict).toMatchObject({ gate_metric: 'avg_score', coverage: expect.any(Number) });
    expect(progress.filter((p) => p.runId === runId).at(-1)).toMatchObject({ done: total, total });

    const detail = await call<{
      run: { status: string };
      counts: { done: number };
      identity: { judges: { templateVersion: string | null }[] };
    }>('runs.get', { runId });
    expect(detail.run.status).toBe('complete');
    expect(detail.counts.done).toBe(total);
    expect(detail.identity.judges.length).toBeGreaterThan(0);
    expect(detail.identity.judges.every((judge) => judge.templateVersion !== null)).toBe(true);

    const page = await call<{ total: number; rows: { id: number; questionId: string }[] }>('results.page', {
      runId,
      limit: 3,
    });
    expect(page.total).toBe(total);
    expect(page.rows).toHaveLength(3);
    const one = await call<{ judgeCalls: { graderId: string; prompt: string }[]; graders: unknown[] }>('results.get', {
      resultId: page.rows[0]!.id,
    });
    const target = await call<{ graders: string[] }>('targets.get', { id: 'helpdesk_chat' });
    expect(one.graders.map((grader) => (grader as { graderId: string }).graderId)).toEqual(target.graders);
    expect(one.judgeCalls.some((judge) => judge.prompt.includes('<agent_response>'))).toBe(true);

    const list = await call<{ total: number; runs: { id: string }[] }>('runs.list', { targetId: 'helpdesk_chat' });
    expect(list.runs[0]?.id).toBe(runId);
    const history = await call<{ runId: string }[]>('targets.history', { targetId: 'helpdesk_chat' });
    expect(history.map((point) => point.runId)).toEqual([runId]);
    const dashboard = await call<{
      thisWeek: { runs: number };
      targets: { targetId: string; lastRunId: string | null }[];
    }>('dashboard.summary', {});
    expect(dashboard.thisWeek.runs).toBe(1);
    expect(dashboard.targets.find((row) => row.targetId === 'helpdesk_chat')?.lastRunId).toBe(runId);
  });

  it('refuses a second run of a running target, cancels on request, and compares two runs', async () => {
    const before = server.script;
    server.script = async (request) => ({ ...(await before(request)), delayMs: 50 });
    const first = await call<{ runId: string }>('runs.start', {
      targetId: 'helpdesk_chat',
      questionIds: ['sunday_hours', 'late_fees'],
      repeat: 3,
    });
    await expect(call('runs.start', { targetId: 'helpdesk_chat' })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(first.runId),
    });
    expect(await call('runs.cancel', { runId: first.runId })).toEqual({ cancelled: true });
    expect((await whenFinished(first.runId)).status).toBe('cancelled');
    expect(await call('runs.cancel', { runId: first.runId })).toEqual({ cancelled: false });
    server.script = before;

    const a = await call<{ runId: string }>('runs.start', { targetId: 'helpdesk_chat', questionIds: ['sunday_hours'] });
    await whenFinished(a.runId);
    const b = await call<{ runId: string }>('runs.start', {
      targetId: 'helpdesk_chat',
      questionIds: ['sunday_hours', 'late_fees'],
    });
    await whenFinished(b.runId);
    const matrix = await call<RunMatrix>('runs.matrix', { runIds: [a.runId, b.runId] });
    expect(matrix.rows.map((row) => [row.questionId, row.cells[0] !== null, row.cells[1] !== null])).toEqual([
      ['sunday_hours', true, true],
      ['late_fees', false, true],
    ]);
    expect(matrix.statistics).toBe(true);
    expect(matrix.columns[1]!.vsBaseline).toMatchObject({ paired: 1 });
    // A screen asks for the rows alone, then the statistics, which are the same as in one call.
    const rowsFirst = await call<RunMatrix>('runs.matrix', { runIds: [a.runId, b.runId], statistics: false });
    expect(rowsFirst.statistics).toBe(false);
    expect(rowsFirst.columns.map((column) => column.vsBaseline)).toEqual([null, null]);
    expect(rowsFirst.rows).toEqual(matrix.rows);
    expect(await call('runs.matrixStatistics', { runIds: [a.runId, b.runId] })).toEqual(
      matrix.columns.map((column) => column.vsBaseline),
    );
    // A preference of b's answer over a's is stored on b's result label and read back by the matrix.
    const [baseCell, otherCell] = matrix.rows[0]!.cells;
    await call('labels.prefer', {
      resultId: otherCell!.resultId,
      baselineResultId: baseCell!.resultId,
      preference: 'worse',
    });
    const rated = await call<RunMatrix>('runs.matrix', { runIds: [a.runId, b.runId], statistics: false });
    expect(rated.rows[0]!.cells[1]!.preference).toBe('worse');
    expect(rated.columns[1]!.ratings).toMatchObject({ better: 0, worse: 1, same: 0 });
    await expect(
      call('labels.prefer', { resultId: baseCell!.resultId, baselineResultId: baseCell!.resultId, preference: 'same' }),
    ).rejects.toMatchObject({ code: 'bad_input' });
    await expect(call('runs.matrixStatistics', { runIds: [a.runId, b.runId], baseline: 2 })).rejects.toMatchObject({
      code: 'bad_input',
    });
    await expect(call('runs.get', { runId: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('starts a shard with a source and concurrency, regrades it and refuses to resume a complete run (as `ai-eval run` does)', async () => {
    type Detail = {
      run: { shard: string | null; source: string; total: number };
      identity: { regradeOf: string | null };
    };
    const whole = await call<{ runId: string; total: number }>('runs.start', {
      targetId: 'helpdesk_chat',
      skipPreflight: true,
    });
    await whenFinished(whole.runId);
    const shard = await call<{ runId: string; total: number }>('runs.start', {
      targetId: 'helpdesk_chat',
      shard: { index: 1, count: 2 },
      source: 'ci',
      concurrency: 2,
      skipPreflight: true,
    });
    // A slice of the questions (by a stable hash of their ids), never all of them.
    expect(shard.total).toBeGreaterThan(0);
    expect(shard.total).toBeLessThan(whole.total);
    expect((await whenFinished(shard.runId)).status).toBe('complete');
    const detail = await call<Detail>('runs.get', { runId: shard.runId });
    expect(detail.run).toMatchObject({ shard: '1/2', source: 'ci', total: shard.total });

    const regrade = await call<{ runId: string; total: number; targetId: string; graders: string[] }>('runs.regrade', {
      runId: shard.runId,
      source: 'schedule',
    });
    expect(regrade).toMatchObject({ targetId: 'helpdesk_chat', total: shard.total });
    expect(regrade.graders.length).toBeGreaterThan(0);
    expect((await whenFinished(regrade.runId)).status).toBe('complete');
    const regraded = await call<Detail>('runs.get', { runId: regrade.runId });
    expect(regraded).toMatchObject({ run: { source: 'schedule' }, identity: { regradeOf: shard.runId } });

    await expect(call('runs.resume', { runId: shard.runId })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringMatching(/already complete/),
    });
    await expect(call('runs.regrade', { runId: 'nope' })).rejects.toMatchObject({ code: 'bad_input' });
    await expect(call('runs.start', { targetId: 'helpdesk_chat', source: 'import' })).rejects.toMatchObject({
      code: 'bad_input',
    });
  });
});
