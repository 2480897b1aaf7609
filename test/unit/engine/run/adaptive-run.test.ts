// `--repeat N --adaptive` in the engine: the stop skips a settled question's repeats, the gate weighs each question
// once, the verdict says what was saved, and a resumed adaptive run's stop starts from what was stored.
import { describe, expect, it } from 'vitest';
import { Store } from '../../../../src-main/store/store';
import { AdaptiveStop } from '../../../../src-main/engine/run/adaptive-stop';
import { resumeRun, startRun } from '../../../../src-main/engine/run/start-run';
import { scored } from '../../../../src-main/engine/grading/grader';
import { adaptiveErrorBound } from '../../../../src-main/engine/scoring/adaptive-repeats';
import type { ChatRequest } from '../../../../src-main/engine/providers/provider';
import { fakeProvider, harness, makeWorkspace, selection, testGrader } from './engine-fixtures';

const RULE = { repeat: 10, minRepeats: 3, confidence: 0.95 };
const item = (id: string) => ({ question: { id } as never, repeatIndex: 0 });

describe('AdaptiveStop', () => {
  it('settles a question once its scored repeats clear one half, counts the repeats it skips, ignores unscored ones', () => {
    const stop = new AdaptiveStop(RULE);
    for (let i = 0; i < 3; i += 1) stop.record('q1', true);
    expect(stop.wants(item('q1'))).toBe(true); // 3 of 3: [0.44, 1] still holds one half
    stop.record('q1', null); // unscored: says nothing
    expect(stop.wants(item('q1'))).toBe(true);
    stop.record('q1', true);
    expect(stop.wants(item('q1'))).toBe(false); // 4 of 4: [0.51, 1]
    expect(stop.wants(item('q1'))).toBe(false);
    stop.add('q2', 2, 4); // half passed: never settled
    expect(stop.wants(item('q2'))).toBe(true);
    stop.add('q3', 0, 4);
    expect(stop.wants(item('q3'))).toBe(false);
    expect(stop.saved).toBe(3);
  });
});

/** Resolves with `hold`, or rejects when the call is aborted first (a cancel drops it). */
const heldUnlessAborted = (hold: Promise<void>, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    void hold.then(resolve);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * q1 and q2 always pass, q3 always fails, q4 passes every other time it is asked; with `hold`, the third call of any
 * question waits for it.
 */
function simulatedProvider(hold?: Promise<void>) {
  const asked = new Map<string, number>();
  return fakeProvider(() => async (request: ChatRequest, signal?: AbortSignal) => {
    const question = String(request.messages.at(-1)?.content).replace('question ', 'q');
    const n = asked.get(question) ?? 0;
    asked.set(question, n + 1);
    if (hold && n >= 2) await heldUnlessAborted(hold, signal);
    const passes = question === 'q1' || question === 'q2' || (question === 'q4' && n % 2 === 0);
    return passes ? 'PASS' : 'FAIL';
  });
}
const passFail = testGrader('format_grader', (text) => scored(text === 'PASS' ? 5 : 1, text));
const gate = { metric: 'pass_rate', threshold: 0.6, type: 'hard' };

describe('an adaptive run', () => {
  it('asks a settled question 4 times of 10, the unsettled one all 10, and gates each question once', async () => {
    const provider = simulatedProvider();
    const h = harness(makeWorkspace({ questions: 4, gate, settings: { concurrency: 1 } }), provider, {
      graders: [passFail],
    });
    const started = await startRun(
      { targetId: 't1', selection: selection({ repeat: 10, adaptive: true }), source: 'manual' },
      h.deps,
      new AbortController().signal,
    );
    const done = await started.finished;
    expect(provider.calls).toHaveLength(4 + 4 + 4 + 10);
    const verdict = done.verdict!;
    // The total stays the 40 planned (never jumps to 22): the settled repeats are counted as saved beside it.
    expect(h.progress.map((event) => event.total)).toEqual(h.progress.map(() => 40));
    expect(h.progress.at(-1)).toMatchObject({ done: 22, total: 40, saved: 18 });
    // The last event's average is the verdict's (each question once), not the mean over the 22 repeats.
    expect(h.progress.at(-1)!.runningAvg).toBe(verdict.avg_score);
    // Each question once, by its verdict (docs/statistics.md: optional stopping biases a mean of shares, not a verdict):
    // q1 and q2 pass, q3 fails, q4's 5 of 10 is no pass; 2 of 4 is under the 60% gate.
    expect(verdict.pass_rate).toBeCloseTo(0.5, 12);
    expect(verdict).toMatchObject({
      passed: false,
      coverage: 1,
      counts: { total: 22, scored: 22, passed: 13 },
      adaptive: { planned: 40, asked: 22, saved: 18, min_repeats: 3, confidence: 0.95 },
    });
    expect(verdict.adaptive!.error_bound).toBeCloseTo(adaptiveErrorBound(RULE), 12);
    expect(verdict.reason).toBe(
      `pass_rate 50.0% < 60.0%; adaptive repeats: 22 of 40 asked, 18 saved with their calls; the pass rate is the ` +
        `share of questions whose verdict passes, each verdict that of all 10 repeats but for at most ` +
        `${(adaptiveErrorBound(RULE) * 100).toFixed(2)}%, so the pass rate is within 0.00% of all 10 repeats' (95%)`,
    );
    // The interval is over the 4 questions, not the 22 repeats.
    expect(verdict.pass_rate_ci![0]).toBeLessThan(0.25);
    const run = await h.db.runs.get(started.runId);
    expect(run?.identity.selection).toMatchObject({ repeat: 10, adaptive: true });
  });

  it('resumed, its stop starts from the stored repeats: no settled question is asked past its 4', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const provider = simulatedProvider(held);
    const workspace = makeWorkspace({ questions: 4, gate, settings: { concurrency: 1 } });
    const h = harness(workspace, provider, { graders: [passFail], store: Store.open(':memory:') });
    const controller = new AbortController();
    const started = await startRun(
      { targetId: 't1', selection: selection({ repeat: 10, adaptive: true }), source: 'manual' },
      h.deps,
      controller.signal,
    );
    // Two repeats of every question are stored; the first third call waits, and the run is cancelled there.
    await expect
      .poll(async () => (await h.db.results.doneKeys(started.runId)).length, { timeout: 10_000, interval: 5 })
      .toBe(8);
    controller.abort();
    expect((await started.finished).status).toBe('cancelled');
    release();
    const resumed = await resumeRun(started.runId, h.deps, {}, new AbortController().signal);
    const done = await resumed.finished;
    const perQuestion = new Map<string, number>();
    for (const [questionId] of await h.db.results.doneKeys(started.runId))
      perQuestion.set(questionId, (perQuestion.get(questionId) ?? 0) + 1);
    expect(Object.fromEntries(perQuestion)).toEqual({ q1: 4, q2: 4, q3: 4, q4: 10 });
    expect(done.verdict).toMatchObject({ coverage: 1, adaptive: { planned: 40, asked: 22, saved: 18 } });
    expect(done.verdict!.pass_rate).toBeCloseTo(0.5, 12);
  });

  it('is refused with a single repeat: there is nothing to stop early', async () => {
    const h = harness(makeWorkspace({ questions: 1 }), simulatedProvider());
    await expect(
      startRun(
        { targetId: 't1', selection: selection({ repeat: 1, adaptive: true }), source: 'manual' },
        h.deps,
        new AbortController().signal,
      ),
    ).rejects.toThrow(
      'target "t1": adaptive repeats stop a question\'s repeats early; they need a repeat of 2 or more',
    );
  });
});
