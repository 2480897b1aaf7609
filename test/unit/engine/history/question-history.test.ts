import { describe, expect, it } from 'vitest';
import { DEFAULT_HISTORY_SETTINGS } from '../../../../src-shared/model';
import { questionCounts } from '../../../../src-main/engine/history/question-history';
import type { HistoryInput } from '../../../../src-main/engine/history/history-input';
import { homogeneityTest, twoWindowTest } from '../../../../src-main/engine/stats/permutation';

/** One question over runs given as [passes, scored] (scored -1: not asked in that run), the last two recent. */
function input(cells: readonly (readonly [number, number])[]): HistoryInput {
  const runs = cells.map((_, r) => ({
    id: `r${r}`,
    createdAt: r,
    provider: 'local',
    model: 'm',
    systemPromptSha256: 'p',
    datasetVersion: '1',
    repeat: 3,
  }));
  return {
    targetId: 't1',
    runs,
    matrix: {
      questionIds: ['q1'],
      runs: cells.length,
      passes: Int16Array.from(cells, ([passes]) => passes),
      scored: Int16Array.from(cells, ([, scored]) => scored),
      degraded: new Int16Array(cells.length),
      versionIds: new Int32Array(cells.length),
    },
    versions: new Map(),
    settings: { ...DEFAULT_HISTORY_SETTINGS, recent: 2, minRuns: 4 },
    quarantine: new Set(),
  };
}

describe('questionCounts', () => {
  it('counts windows, run shares, verdict flips over decided runs only, and repeats that disagree', () => {
    // r1 is an even split (decides nothing, so r0 → r2 is one flip); r3 did not ask the question.
    const counts = questionCounts(
      input([
        [2, 2],
        [1, 2],
        [0, 2],
        [0, -1],
        [3, 3],
        [0, 1],
      ]),
      0,
    );
    expect(counts).toMatchObject({
      runs: 5,
      since: 'r0',
      baseline: { passes: 3, trials: 6 },
      recent: { passes: 3, trials: 4 },
      before: 0.5,
      now: 0.5,
      passRate: 0.6,
      decided: 4,
      flips: 3,
      flipRate: 1,
      minority: 2,
      runsWithRepeats: 4,
      runsRepeatsDisagreed: 1,
      repeatDisagreement: 0.25,
    });
    expect(counts.pValue).toBe(twoWindowTest([1, 0.5, 0, 1, 0], 2, [2, 2, 2, 3, 1]));
    const perRun = [
      [2, 2],
      [1, 2],
      [0, 2],
      [3, 3],
      [0, 1],
    ].map(([passes, trials]) => ({ passes: passes!, trials: trials! }));
    expect(counts.repeatsP).toBe(homogeneityTest(perRun));
  });

  it('has no flip rate, window means or tests with one decided run', () => {
    const counts = questionCounts(
      input([
        [0, -1],
        [0, -1],
        [1, 1],
        [0, -1],
      ]),
      0,
    );
    expect(counts).toMatchObject({ runs: 1, flips: 0, flipRate: null, before: null, now: 1, pValue: null });
    expect(counts.repeatsP).toBeNull();
  });
});
