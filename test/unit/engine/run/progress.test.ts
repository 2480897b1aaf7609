import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunProgress } from '../../../../src-shared/model';
import { LAST_ITEMS, ProgressThrottle } from '../../../../src-main/engine/run/progress';
import { addToTally, emptyTally } from '../../../../src-main/engine/scoring/tally';

describe('ProgressThrottle', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  function throttle(total = 1000, doneAtStart = 0, saved?: () => number) {
    const events: RunProgress[] = [];
    const tally = emptyTally();
    const progress = new ProgressThrottle({
      runId: 'r',
      targetId: 't',
      total,
      tally,
      doneAtStart,
      emit: (e) => events.push(e),
      now: Date.now,
      ...(saved ? { saved } : {}),
    });
    const finish = (i: number, score: number | null = 4) => {
      addToTally(tally, {
        status: score === null ? 'degraded' : 'scored',
        score,
        passed: score !== null && score >= 3.5,
        targetFailed: score === null,
      });
      progress.record({ questionId: `q${i}`, repeatIndex: 0, status: score === null ? 'degraded' : 'scored', score });
    };
    return { events, progress, finish, tally };
  }

  it('emits at once, then at most one event per 100 ms carrying every question finished meanwhile', () => {
    const { events, finish } = throttle();
    finish(1);
    expect(events).toHaveLength(1);
    for (let i = 2; i <= 50; i += 1) finish(i, i === 7 ? null : 4);
    expect(events).toHaveLength(1);
    vi.advanceTimersByTime(99);
    expect(events).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ done: 50, errors: 1, degraded: 1, runningAvg: 4, elapsedMs: 100 });
    expect(events[1]?.last).toHaveLength(LAST_ITEMS);
    expect(events[1]?.last.at(-1)).toEqual({ questionId: 'q50', repeatIndex: 0, status: 'scored', score: 4 });
  });

  it('estimates the time left from this process’s pace, excluding questions done before a resume', () => {
    const { events, finish } = throttle(110, 100);
    for (let i = 0; i < 100; i += 1) finish(i);
    vi.advanceTimersByTime(1000);
    events.length = 0;
    finish(101);
    expect(events[0]).toMatchObject({ done: 101, total: 110 });
    // 1 question done here in 1000 ms, 9 to go.
    expect(events[0]?.etaMs).toBe(9000);
  });

  it('flush emits what is pending at once, and nothing when nothing is pending', () => {
    const { events, finish, progress } = throttle();
    finish(1);
    finish(2);
    progress.flush();
    expect(events.map((e) => e.done)).toEqual([1, 2]);
    progress.flush();
    expect(events).toHaveLength(2);
    vi.advanceTimersByTime(500);
    expect(events).toHaveLength(2);
  });

  it("keeps an adaptive run's total, reports its settled repeats as saved, and counts them out of the time left", () => {
    let saved = 0;
    const { events, finish } = throttle(210, 0, () => saved);
    finish(1);
    expect(events[0]).toMatchObject({ done: 1, total: 210, saved: 0 });
    vi.advanceTimersByTime(1000);
    saved = 109;
    finish(2);
    // 2 repeats in 1000 ms, 210 - 109 - 2 = 99 to go.
    expect(events[1]).toMatchObject({ done: 2, total: 210, saved: 109, etaMs: 49500 });
  });

  it("a fixed run's events carry no saved count", () => {
    const { events, finish } = throttle();
    finish(1);
    expect(events[0]).not.toHaveProperty('saved');
  });

  it("finish emits a last event whose average is the verdict's, not the mean over repeats", () => {
    const { events, finish, progress } = throttle();
    finish(1, 5);
    finish(2, 3);
    progress.finish(4.25);
    expect(events.at(-1)).toMatchObject({ done: 2, runningAvg: 4.25 });
    progress.finish(null);
    expect(events.at(-1)?.runningAvg).toBeNull();
  });
});
