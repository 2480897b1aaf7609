import { describe, expect, it } from 'vitest';
import type { JudgeSampleResult } from '../../../src-shared/contract/judges.contract';
import * as judges from '../../../src-renderer/features/judges/judges.selectors';
import { judgeReport } from '../../support/judge-report';

describe('judges selectors', () => {
  it('shows each trust state with a status and a word', () => {
    expect(judges.trustLook('trusted')).toEqual({ status: 'pass', label: 'trusted' });
    expect(judges.trustLook('failing').status).toBe('fail');
    expect(judges.trustLook('stale').status).toBe('degraded');
    expect(judges.trustLook('insufficient').label).toBe('too few labels');
    expect(judges.trustLook('unvalidated').status).toBe('skipped');
  });

  it('formats a rate with its interval, or a dash without labels', () => {
    expect(judges.rateWithInterval(0.92, [0.8, 0.97])).toBe('92% [80%, 97%]');
    expect(judges.rateWithInterval(1, null)).toBe('100%');
    expect(judges.rateWithInterval(null, null)).toBe('—');
  });
});

describe('weakestTrust', () => {
  it('names the least trusted judge state of a target, or nothing without judges', () => {
    const trust = {
      a: { state: 'trusted' as const },
      b: { state: 'unvalidated' as const },
      c: { state: 'failing' as const },
    };
    expect(judges.weakestTrust(['a', 'b'], trust)).toBe('unvalidated');
    expect(judges.weakestTrust(['a', 'b', 'c'], trust)).toBe('failing');
    expect(judges.weakestTrust(['a'], trust)).toBe('trusted');
    expect(judges.weakestTrust(['format_grader'], trust)).toBeUndefined();
  });
});

describe('counts in words', () => {
  const judge = { provider: 'offline', model: 'llama3.1:8b', template_version: '1.0.0' };
  const item = (id: string) => ({ id }) as never;
  const sample = (drawn: number, fields: Partial<JudgeSampleResult> = {}): JudgeSampleResult => ({
    seed: 1,
    requested: 30,
    windowDays: 30,
    judge,
    population: drawn,
    excluded: { scoredInWindow: drawn, byOtherJudge: 0, repeats: 0 },
    added: drawn,
    judgePasses: 0,
    items: Array.from({ length: drawn }, (_, i) => item(`jc-${i}`)),
    ...fields,
  });

  it('says why a sample drew fewer than asked', () => {
    expect(
      judges.sampleInWords(
        'accuracy_grader',
        sample(27, { excluded: { scoredInWindow: 40, byOtherJudge: 4, repeats: 9 } }),
      ),
    ).toBe(
      'accuracy_grader: drew 27 of the 30 asked, because offline/llama3.1:8b made only 27 distinct scored calls in ' +
        'the last 30 days (of 40 scored calls, left out: 9 repeats of an identical answer, sampled once; 4 by another ' +
        'judge model or template, which would not measure this one): all 27 new. New answers give more to sample; a ' +
        'repeated run’s identical answers do not.',
    );
  });

  it('says how many of a full sample were already labelled', () => {
    expect(judges.sampleInWords('accuracy_grader', sample(30, { population: 80, added: 12 }))).toBe(
      'accuracy_grader: drew 30 of 80 distinct scored calls by offline/llama3.1:8b in the last 30 days: 12 new, 18 ' +
        'already in the gold set with their labels kept.',
    );
  });

  it('rounds TPR and TNR and says what they count', () => {
    const result = {
      ...judgeReport(
        { tp: 18, fn: 1, tn: 7, fp: 1 },
        { grader: 'accuracy_grader', state: 'failing', reason: 'TNR 0.88 is below 0.9' },
      ),
      n_defer: 1,
      n_unlabelled: 0,
      n_unscored: 0,
      n_disputed: 0,
      judge,
      labels_source: 'store',
      validated_at: 0,
      warnings: [],
    };
    expect(judges.validationInWords('accuracy_grader', result)).toBe(
      'accuracy_grader is failing (TNR 0.88 is below 0.9): the judge caught 7 of 8 failures (TNR 88%) and passed 18 ' +
        'of the 19 answers you passed (TPR 95%). 1 item deferred or not labelled was left out.',
    );
    expect(judges.validationInWords('accuracy_grader', { ...result, n_disputed: 2 })).toMatch(
      /1 item deferred or not labelled was left out\. 2 items whose reviewers disagree \(pass against fail\) were left out until they agree\.$/,
    );
    const few = { ...result, state: 'insufficient' as const, reason: 'not enough labels: label 4 more failures' };
    expect(judges.validationInWords('accuracy_grader', few)).toMatch(
      /^accuracy_grader stays unvalidated, not enough labels: label 4 more failures\. So far the judge caught 7 of 8/,
    );
    expect(judges.tnrInWords({ tn: 0, n_neg: 0 })).toBe('no answer labelled fail yet');
  });
});
