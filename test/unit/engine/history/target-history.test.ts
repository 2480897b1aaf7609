import { describe, expect, it } from 'vitest';
import { DEFAULT_HISTORY_SETTINGS } from '../../../../src-shared/model';
import { readHistory, readTimeline } from '../../../../src-main/engine/history/read-history';
import { targetHistory } from '../../../../src-main/engine/history/target-history';
import { Store, inProcessStore } from '../../../../src-main/store/store';
import { writeHistory } from '../../../fixtures/history-store';
import { ALL_QUESTIONS, HISTORY_RUNS, KNOWN } from '../../../fixtures/history-plans';

async function history(seed: number, repeat = 1) {
  const store = Store.open(':memory:');
  const runIds = writeHistory(store, { targetId: 't1', runs: HISTORY_RUNS, repeat, questions: ALL_QUESTIONS, seed });
  const db = inProcessStore(store);
  const input = await readHistory(db, 't1', DEFAULT_HISTORY_SETTINGS, new Set(['noisy_even_00']));
  return { store, db, input, runIds, result: targetHistory(input) };
}

const idsIn = (result: Awaited<ReturnType<typeof history>>['result'], state: string) =>
  result.questions
    .filter((q) => q.state === state)
    .map((q) => q.questionId)
    .sort();

describe('targetHistory over 30 generated runs', () => {
  it('finds every regressed, fixed and flaky question and flags no stable one', async () => {
    const { result, runIds } = await history(2);
    expect(idsIn(result, 'regressed')).toEqual(KNOWN.regressed.map((q) => q.id));
    expect(idsIn(result, 'fixed')).toEqual(KNOWN.fixed.map((q) => q.id));
    // One answer per run cannot tell a run-level effect from a constant chance: both are flaky.
    expect(idsIn(result, 'flaky')).toEqual([...KNOWN.flakyByRun, ...KNOWN.noisy].map((q) => q.id).sort());
    expect(result.counts).toMatchObject({ regressed: 4, fixed: 3, flaky: 9 });
    expect(result.summary).toBe(`4 regressed, 9 flaky, 3 fixed since ${runIds[25]}`);
    expect(result.method).toMatch(/the run is the unit.*exact two-sided permutation test.*Benjamini-Hochberg/);
  });

  it('starts a new history where the text changed and says so', async () => {
    const { input, runIds } = await history(2);
    const reworded = targetHistory(input, { questionId: 'reworded' }).questions[0]!;
    expect(reworded).toMatchObject({ state: 'steady', textChangedAt: runIds[15], since: runIds[15], runs: 15 });
    expect(reworded.baseline).toEqual({ passes: 10, trials: 10 });
  });

  it('names the tag that slid and leaves the others', async () => {
    const { result, input } = await history(2);
    const moved = Object.fromEntries(result.tags.map((tag) => [tag.tag, tag.moved]));
    // hours carries the fixed questions: it rose 86% → 96%, significant but under the default 10 points worth reporting.
    expect(moved).toEqual({ billing: 'down', hours: null, loans: null });
    const hours = result.tags.find((tag) => tag.tag === 'hours')!;
    expect(hours.sentence).toMatch(/moved up by less than the 10 points worth reporting/);
    const finer = targetHistory({ ...input, settings: { ...input.settings, minDrop: 0.05 } });
    expect(finer.tags.find((tag) => tag.tag === 'hours')!.moved).toBe('up');
    const billing = result.tags.find((tag) => tag.tag === 'billing')!;
    expect(billing.points).toHaveLength(HISTORY_RUNS);
    expect(billing.points[0]!.interval![0]).toBeLessThan(billing.points[0]!.passRate!);
    expect(billing.sentence).toMatch(
      /^billing: \d+% before, \d+% in the last 5 runs, moved down \(runs as the unit: permutation p [=<] /,
    );
  });

  it('counts repeats: a run verdict is the majority of its repeats', async () => {
    const { result, input } = await history(7, 3);
    expect(idsIn(result, 'regressed')).toEqual(KNOWN.regressed.map((q) => q.id));
    // Three repeats a run: a constant chance is noise the repeats explain; a run-level effect stays flaky.
    expect(idsIn(result, 'flaky')).toEqual(KNOWN.flakyByRun.map((q) => q.id));
    const flaky = result.questions.find((q) => q.questionId === 'flaky_by_run_00')!;
    expect(flaky.reason).toMatch(/runs differ beyond their repeats \(permutation test of homogeneity/);
    expect(flaky.baseline.trials + flaky.recent.trials).toBe(HISTORY_RUNS * 3);
    const noisy = targetHistory(input, { questionId: 'noisy_even_00' }).questions[0]!;
    expect(noisy.state).toBe('steady');
    expect(noisy.reason).toMatch(/^noisy, not flaky: its repeats explain the flips/);
    expect(noisy.repeatDisagreement).toBeGreaterThan(0.5);
    // The share's denominator is the runs that had repeats: all of them here (3 repeats a run).
    expect(noisy.runsWithRepeats).toBe(noisy.runs);
    expect(noisy.repeatDisagreement).toBe(noisy.runsRepeatsDisagreed / noisy.runsWithRepeats);
    expect(noisy.quarantined).toBe(true);
  });

  it("gives one question's timeline with each run's identity", async () => {
    const { db, input, runIds } = await history(2);
    const timeline = await readTimeline(db, input, 'regressed_00');
    expect(timeline.points.map((point) => point.run.runId)).toEqual(runIds);
    expect(timeline.points[1]!.run.model).toBe('model-b');
    expect(timeline.points.at(-1)).toMatchObject({ trials: 1, passes: 0, score: 1.5 });
    expect(timeline.history?.state).toBe('regressed');
  });
});

describe('detection and false-alarm rates over 20 seeded histories (one answer per run)', () => {
  it('finds at least 95% of the known questions and flags at most 1 stable question in 2,000', async () => {
    const known = [
      ...KNOWN.regressed.map((q) => [q.id, 'regressed'] as const),
      ...KNOWN.fixed.map((q) => [q.id, 'fixed'] as const),
      ...[...KNOWN.flakyByRun, ...KNOWN.noisy].map((q) => [q.id, 'flaky'] as const),
    ];
    const stable = [...KNOWN.stable, KNOWN.reworded].map((q) => q.id);
    let found = 0;
    let falseAlarms = 0;
    const seeds = 20;
    for (let seed = 100; seed < 100 + seeds; seed += 1) {
      const { result, store } = await history(seed);
      const state = new Map(result.questions.map((q) => [q.questionId, q.state]));
      found += known.filter(([id, expected]) => state.get(id) === expected).length;
      falseAlarms += stable.filter((id) => state.has(id)).length;
      store.close();
    }
    // Measured: 309 of 320 found (96.6%; the misses are mostly the one-fail-in-three questions, whose rarer verdict
    // fell short of the 10% Wilson floor), 0 false alarms in 2,340 stable question histories.
    expect(found / (known.length * seeds)).toBeGreaterThanOrEqual(0.95);
    expect(falseAlarms / (stable.length * seeds)).toBeLessThanOrEqual(1 / 2000);
  }, 60_000);
});
