import { describe, expect, it } from 'vitest';
import { agreementInWords, disagreementsInWords, namesInWords } from '../../../src-shared/text/agreement-words';

const base = {
  scope: 'grader' as const,
  group: 'accuracy_grader',
  statistic: 'cohen_kappa' as const,
  value: 0.6184,
  ci: [0.4123, 0.8031] as [number, number],
  ciNote: null,
  level: 0.95,
  items: 10,
  reviewers: ['ana', 'ben'],
  disagreements: 2,
};

describe('agreement selectors', () => {
  it('says κ or α with its interval, the items and who labelled them', () => {
    expect(agreementInWords(base)).toBe('κ 0.62 [0.41, 0.80] over 10 items labelled by ana and ben');
    expect(
      agreementInWords({ ...base, statistic: 'krippendorff_alpha', ci: null, items: 1, reviewers: ['a', 'b', 'c'] }),
    ).toBe('α 0.62 over 1 item labelled by a, b and c');
    const few = {
      ...base,
      ci: null,
      ciNote: 'no interval below 20 shared items: on so few a bootstrap interval is unstable',
    };
    expect(agreementInWords(few)).toBe(
      'κ 0.62 (no interval below 20 shared items: on so few a bootstrap interval is unstable) over 10 items labelled by ana and ben',
    );
    expect(agreementInWords({ ...base, value: null, ci: null })).toBe(
      'κ undefined (every label of one class) over 10 items labelled by ana and ben',
    );
    expect(namesInWords(['ana'])).toBe('ana');
  });

  it('says how many items the reviewers disagree on, and for a judge that they leave TPR/TNR', () => {
    expect(disagreementsInWords(base)).toBe('they disagree on 2 items, left out of TPR/TNR until they agree');
    expect(disagreementsInWords({ scope: 'tag', disagreements: 1 })).toBe('they disagree on 1 item');
    expect(disagreementsInWords({ scope: 'tag', disagreements: 0 })).toBe('they agree on every item');
  });
});
