import { describe, expect, it } from 'vitest';
import { Store } from '../../../../src-main/store/store';
import { RunConflictError } from '../../../../src-main/engine/run/run-lock';
import { resumeRun, startRun } from '../../../../src-main/engine/run/start-run';
import { startRegrade } from '../../../../src-main/engine/run/regrade';
import { scored } from '../../../../src-main/engine/grading/grader';
import type { ChatRequest } from '../../../../src-main/engine/providers/provider';
import { fakeProvider, harness, makeWorkspace, selection, testGrader } from './engine-fixtures';

const answer = (request: ChatRequest) => `A plain answer to ${request.messages.at(-1)?.content} that is long enough.`;

/** A provider whose calls wait until released, so a test can hold a run mid-flight. */
function gatedProvider() {
  const waiting: (() => void)[] = [];
  const watchers: (() => void)[] = [];
  let open = false;
  const provider = fakeProvider(() => async (request, signal) => {
    if (!open) {
      await new Promise<void>((resolve, reject) => {
        waiting.push(resolve);
        for (const watcher of watchers.splice(0)) watcher();
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    return answer(request);
  });
  return {
    provider,
    /** Resolves once `n` calls are waiting. */
    async waitFor(n: number) {
      while (waiting.length < n) await new Promise<void>((resolve) => watchers.push(resolve));
    },
    releaseOne: () => waiting.shift()?.(),
    openAll: () => {
      open = true;
      for (const release of waiting.splice(0)) release();
    },
  };
}

describe('the run lock', () => {
  it('refuses a second run of the same target while one runs, naming the running run', async () => {
    const gate = gatedProvider();
    const h = harness(makeWorkspace({ questions: 2 }), gate.provider);
    const first = await startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      h.deps,
      new AbortController().signal,
    );
    const second = startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      h.deps,
      new AbortController().signal,
    );
    await expect(second).rejects.toThrow(RunConflictError);
    await expect(second).rejects.toThrow(`target "t1" is already running as run ${first.runId} (pid ${process.pid}`);
    gate.openAll();
    expect((await first.finished).status).toBe('complete');
    // Released at the end: the next run starts.
    const third = await startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      h.deps,
      new AbortController().signal,
    );
    expect((await third.finished).status).toBe('complete');
  });

  it('takes over a stale lock (old heartbeat) and the lock of a dead process', async () => {
    const h = harness(makeWorkspace({ questions: 1 }), fakeProvider(answer));
    const now = Date.now();
    await h.db.runLocks.take({
      targetId: 't1',
      runId: 'ghost',
      pid: process.pid,
      host: 'elsewhere',
      now: now - 10 * 60_000,
      expectRunId: null,
    });
    const afterStale = await startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      h.deps,
      new AbortController().signal,
    );
    expect((await afterStale.finished).status).toBe('complete');

    const { hostname } = await import('node:os');
    await h.db.runLocks.take({
      targetId: 't1',
      runId: 'crashed',
      pid: 999_999,
      host: hostname(),
      now,
      expectRunId: null,
    });
    const deps = { ...h.deps, lock: { isAlive: (pid: number) => pid !== 999_999 } };
    const afterDead = await startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      deps,
      new AbortController().signal,
    );
    expect((await afterDead.finished).status).toBe('complete');

    // A fresh lock of a live process on another host is respected.
    await h.db.runLocks.take({
      targetId: 't1',
      runId: 'busy',
      pid: 1,
      host: 'elsewhere',
      now: Date.now(),
      expectRunId: null,
    });
    await expect(
      startRun({ targetId: 't1', selection: selection(), source: 'manual' }, h.deps, new AbortController().signal),
    ).rejects.toThrow(/run busy \(pid 1 on elsewhere/);
  });
});

describe('cancel and resume', () => {
  it('a cancelled run keeps what finished; --resume finishes it with exactly one result per question', async () => {
    const gate = gatedProvider();
    const workspace = makeWorkspace({ questions: 6, settings: { concurrency: 2 } });
    const store = Store.open(':memory:');
    const h = harness(workspace, gate.provider, { store });
    const controller = new AbortController();
    const started = await startRun(
      { targetId: 't1', selection: selection({ repeat: 2 }), source: 'manual' },
      h.deps,
      controller.signal,
    );
    await gate.waitFor(2);
    gate.releaseOne();
    gate.releaseOne();
    await gate.waitFor(2);
    controller.abort();
    const cancelled = await started.finished;
    expect(cancelled).toMatchObject({ status: 'cancelled', verdict: null });
    const kept = await h.db.results.doneKeys(started.runId);
    expect(kept).toHaveLength(2);
    expect(await h.db.runs.get(started.runId)).toMatchObject({ status: 'cancelled', done: 2, total: 12 });

    gate.openAll();
    const resumed = await resumeRun(started.runId, h.deps, {}, new AbortController().signal);
    expect(resumed.runId).toBe(started.runId);
    const done = await resumed.finished;
    expect(done.status).toBe('complete');
    expect(done.verdict).toMatchObject({ coverage: 1, counts: { total: 12, scored: 12 } });
    const keys = (await h.db.results.doneKeys(started.runId)).map(([q, r]) => `${q}#${r}`);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
    // Only the 10 missing questions were asked again (2 + 2 in flight at cancel, + 10).
    expect(gate.provider.calls).toHaveLength(14);
    await expect(resumeRun(started.runId, h.deps, {}, new AbortController().signal)).rejects.toThrow(
      /already complete/,
    );
  });

  it('refuses to resume when the target changed since the run started', async () => {
    const store = Store.open(':memory:');
    const dirHolder = makeWorkspace({ questions: 2 });
    const controller = new AbortController();
    controller.abort();
    const h = harness(dirHolder, fakeProvider(answer), { store });
    const started = await startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      h.deps,
      controller.signal,
    );
    expect((await started.finished).status).toBe('cancelled');
    const edited = harness(
      makeWorkspace({ questions: 2, systemPrompt: 'Be verbose.' }, dirHolder.dir),
      fakeProvider(answer),
      { store },
    );
    await expect(resumeRun(started.runId, edited.deps, {}, new AbortController().signal)).rejects.toThrow(
      `run ${started.runId} cannot be resumed: the target's system prompt changed since it started`,
    );
  });
});

describe('regrade', () => {
  it('re-scores stored responses with the current graders into a new run without calling the target', async () => {
    const store = Store.open(':memory:');
    const workspace = makeWorkspace({ questions: 3, graders: ['relevance_grader'] });
    const provider = fakeProvider(answer);
    const strict = testGrader('relevance_grader', () => scored(2, 'meh'));
    const first = harness(workspace, provider, { store, graders: [strict] });
    const source = await startRun(
      { targetId: 't1', selection: selection(), source: 'manual' },
      first.deps,
      new AbortController().signal,
    );
    expect((await source.finished).verdict?.passed).toBe(false);
    expect(provider.calls).toHaveLength(3);

    const lenient = testGrader('relevance_grader', (text) => scored(text.includes('question') ? 5 : 0, 'good'));
    const second = harness(workspace, provider, { store, graders: [lenient] });
    const regraded = await startRegrade(source.runId, second.deps, { source: 'manual' }, new AbortController().signal);
    const end = await regraded.finished;
    expect(end).toMatchObject({ status: 'complete', verdict: { passed: true, avg_score: 5 } });
    expect(provider.calls).toHaveLength(3);
    const run = (await second.db.runs.get(regraded.runId))!;
    expect(run.identity).toMatchObject({ regradeOf: source.runId, model: 'm1', generationSent: { temperature: 0.2 } });
    const rows = (await second.db.resultPages.page({ runId: regraded.runId, offset: 0, limit: 10, sort: 'question' }))
      .rows;
    expect(rows.map((row) => row.responsePreview)).toEqual([
      'A plain answer to question 1 that is long enough.',
      'A plain answer to question 2 that is long enough.',
      'A plain answer to question 3 that is long enough.',
    ]);
  });
});
