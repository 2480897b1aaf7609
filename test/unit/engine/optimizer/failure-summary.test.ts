import { describe, expect, it } from 'vitest';
import { failureSummary } from '../../../../src-main/engine/optimizer/failure-summary';
import type { RunQuestion, RunQuestions } from '../../../../src-main/engine/optimizer/run-questions';

const question = (score: number | null, reason = `reason for ${score}`): RunQuestion => ({
  scoreSum: score ?? 0,
  scored: score === null ? 0 : 1,
  degraded: score === null ? 1 : 0,
  evidence:
    score === null
      ? undefined
      : {
          score,
          input: 'When are you open?',
          response: `answer scoring ${score}`,
          graders: [{ graderId: 'relevance_grader', score0to5: score, reason }],
        },
});

const run = (scores: Record<string, number | null>): RunQuestions =>
  new Map(Object.entries(scores).map(([id, score]) => [id, question(score)]));

describe('failureSummary', () => {
  it('lists failing questions lowest first with their worst answer and grader reasons', () => {
    const runs = [run({ a: 1, b: 4.5, c: 2, d: null }), run({ a: 2, b: 4.5, c: 3, d: null })];
    const summary = failureSummary(runs, ['a', 'b', 'c', 'd'], 3.5);
    expect(summary.questionIds).toEqual(['a', 'c']);
    expect(summary.text).toContain('2 of 3 scored questions fail (score below 3.5)');
    expect(summary.text).toContain('### a: mean score 1.50 / 5 over 2 runs');
    expect(summary.text).toContain('Answer (its lowest-scored run): answer scoring 1');
    expect(summary.text).toContain('- relevance_grader 1.0 / 5: reason for 1');
    expect(summary.text.indexOf('### a')).toBeLessThan(summary.text.indexOf('### c'));
    expect(summary.text).not.toContain('### b');
  });

  it('only looks at the questions it is given (the train split)', () => {
    const summary = failureSummary([run({ a: 1, held: 0 })], ['a'], 3.5);
    expect(summary.questionIds).toEqual(['a']);
    expect(summary.text).not.toContain('held');
  });

  it('shows the lowest few when nothing fails', () => {
    const summary = failureSummary([run({ a: 4, b: 5, c: 4.5, d: 4.8 })], ['a', 'b', 'c', 'd'], 3.5);
    expect(summary.text).toContain('No question fails');
    expect(summary.questionIds).toEqual(['a', 'c', 'd']);
  });

  it('stays within its character bound and says how many failing questions it left out', () => {
    const long = 'x'.repeat(380);
    const scores = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`q${String(i).padStart(2, '0')}`, 1]));
    const runs: RunQuestions[] = [
      new Map(Object.entries(scores).map(([id, score]) => [id, { ...question(score, long) }])),
    ];
    const summary = failureSummary(runs, Object.keys(scores), 3.5, 2000, 8);
    expect(summary.text.length).toBeLessThanOrEqual(2000);
    expect(summary.questionIds.length).toBeGreaterThan(0);
    expect(summary.text).toContain(`(${30 - summary.questionIds.length} more failing questions not shown)`);
  });
});
