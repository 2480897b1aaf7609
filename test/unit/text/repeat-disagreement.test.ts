// The timeline's repeat-disagreement sentence: its share is over the runs that had repeats, not over all runs.
import { describe, expect, it } from 'vitest';
import { repeatDisagreementText } from '../../../src-shared/text/repeat-disagreement';

describe('repeatDisagreementText', () => {
  it('counts over the runs that had repeats, naming all runs beside it', () => {
    // One adaptive run of 20 had repeats, and they split: not "100% of runs".
    expect(repeatDisagreementText({ runs: 20, runsWithRepeats: 1, runsRepeatsDisagreed: 1 })).toBe(
      'repeats disagreed in 1 of 1 run with repeats (20 runs)',
    );
  });

  it('leaves out the run count when every run had repeats', () => {
    expect(repeatDisagreementText({ runs: 5, runsWithRepeats: 5, runsRepeatsDisagreed: 2 })).toBe(
      'repeats disagreed in 2 of 5 runs with repeats',
    );
  });

  it('says nothing when no run had repeats', () => {
    expect(repeatDisagreementText({ runs: 20, runsWithRepeats: 0, runsRepeatsDisagreed: 0 })).toBeNull();
  });
});
