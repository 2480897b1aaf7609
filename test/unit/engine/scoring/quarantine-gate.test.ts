import { describe, expect, it } from 'vitest';
import { addToTally, emptyTally, type TallyEntry } from '../../../../src-main/engine/scoring/tally';
import { computeVerdict } from '../../../../src-main/engine/scoring/verdict';
import type { Gate } from '../../../../src-shared/model';

const passRate: Gate = { metric: 'pass_rate', threshold: 0.8, type: 'hard' };
const scored = (score: number): TallyEntry => ({ status: 'scored', score, passed: score >= 3.5, targetFailed: false });
const degraded: TallyEntry = { status: 'degraded', score: null, passed: null, targetFailed: true };
const tallyOf = (entries: TallyEntry[]) => {
  const tally = emptyTally();
  for (const entry of entries) addToTally(tally, entry);
  return tally;
};

describe('the gate and a quarantine', () => {
  // Four questions pass, two fail; the two failing ones are quarantined.
  const kept = [scored(5), scored(4), scored(5), scored(4)];
  const quarantined = [scored(1), scored(0)];
  const input = { tally: tallyOf([...kept, ...quarantined]), total: 6, gate: passRate, questionPassThreshold: 3.5 };

  it('fails without the quarantine', () => {
    const verdict = computeVerdict(input);
    expect(verdict).toMatchObject({ passed: false, pass_rate: 4 / 6 });
    expect(verdict.quarantined).toBeUndefined();
  });

  it("leaves the quarantine out of the gate's figures, keeps it in the counts, and names it in the reason", () => {
    const verdict = computeVerdict({
      ...input,
      quarantine: { ids: ['bad_a', 'bad_b'], tally: tallyOf(quarantined), total: 2 },
    });
    expect(verdict).toMatchObject({
      passed: true,
      pass_rate: 1,
      avg_score: 4.5,
      coverage: 1,
      quarantined: ['bad_a', 'bad_b'],
      counts: { total: 6, scored: 6, passed: 4, degraded: 0, unscored: 0 },
    });
    expect(verdict.reason).toBe('pass_rate 100.0% ≥ 80.0%; 2 quarantined questions left out: bad_a, bad_b');
  });

  it('measures coverage on the questions left in: a quarantine cannot hide an outage of the others', () => {
    const tally = tallyOf([scored(5), degraded, degraded, degraded, scored(5)]);
    const verdict = computeVerdict({
      tally,
      total: 5,
      gate: passRate,
      questionPassThreshold: 3.5,
      quarantine: { ids: ['ok_one'], tally: tallyOf([scored(5)]), total: 1 },
    });
    expect(verdict.passed).toBe(false);
    expect(verdict.reason).toMatch(
      /^insufficient coverage: 1 of 4 scored .*; 1 quarantined question left out: ok_one$/,
    );
  });

  it('an empty quarantine changes nothing', () => {
    const plain = computeVerdict(input);
    expect(computeVerdict({ ...input, quarantine: { ids: [], tally: emptyTally(), total: 0 } })).toEqual(plain);
  });
});
