import { describe, expect, it } from 'vitest';
import { gateInWords, gateIsRate } from '../../../src-shared/text/gate-words';

describe('a gate in words names its metric and its bound', () => {
  it('says each metric on its own scale', () => {
    expect(gateInWords({ metric: 'avg_score', threshold: 3.5 })).toBe('average score ≥ 3.50');
    expect(gateInWords({ metric: 'pass_rate', threshold: 0.8 })).toBe('pass rate ≥ 80%');
    expect(gateInWords({ metric: 'corrected_pass_rate', threshold: 0.6 })).toBe('bias-corrected pass rate ≥ 60%');
    expect(gateInWords({ metric: 'corrected_pass_rate', bound: 'lower', threshold: 0.6 })).toBe(
      'lower bound of the bias-corrected pass rate ≥ 60%',
    );
  });

  it('puts every rate on the 0-100% meter, the average score on 0-5', () => {
    expect([gateIsRate('avg_score'), gateIsRate('pass_rate'), gateIsRate('corrected_pass_rate')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
