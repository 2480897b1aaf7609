import { describe, expect, it } from 'vitest';
import { agreedLabel, humanLabelOf, type ReviewerVerdict } from '../../../../src-main/engine/stats/agreed-labels';

const v = (reviewer: string, verdict: ReviewerVerdict['verdict'], at: number): ReviewerVerdict => ({
  reviewer,
  verdict,
  at,
});

/** Every order of the verdicts, with their times permuted too, so "who clicked last" varies over all cases. */
function everyClickOrder(verdicts: readonly ReviewerVerdict[]): ReviewerVerdict[][] {
  const orders: ReviewerVerdict[][] = [];
  const permute = (rest: readonly ReviewerVerdict[], done: ReviewerVerdict[]) => {
    if (rest.length === 0) orders.push(done.map((verdict, i) => ({ ...verdict, at: 1000 + i })));
    rest.forEach((verdict, i) => permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...done, verdict]));
  };
  permute(verdicts, []);
  return orders;
}

describe('agreedLabel', () => {
  it('is unlabelled without verdicts and agreed when every pass/fail says the same', () => {
    expect(agreedLabel([])).toEqual({ status: 'unlabelled', label: null, at: null, reviewers: [] });
    expect(agreedLabel([v('ben', 'pass', 5), v('ada', 'pass', 9)])).toEqual({
      status: 'agreed',
      label: 'pass',
      at: 9,
      reviewers: ['ada', 'ben'],
    });
  });

  it('leaves pass against fail out as disputed, whoever clicked last', () => {
    for (const order of everyClickOrder([v('ben', 'pass', 0), v('ada', 'fail', 0)])) {
      expect(agreedLabel(order).status).toBe('disputed');
      expect(humanLabelOf(agreedLabel(order))).toBeNull();
    }
  });

  it('treats a defer as an abstention, the same whatever the click order', () => {
    for (const order of everyClickOrder([v('ben', 'fail', 0), v('ada', 'defer', 0), v('cy', 'fail', 0)])) {
      const agreed = agreedLabel(order);
      expect(agreed.status).toBe('agreed');
      expect(agreed.label).toBe('fail');
      expect(agreed.reviewers).toEqual(['ben', 'cy']);
    }
    for (const order of everyClickOrder([v('ben', 'defer', 0), v('ada', 'defer', 0)])) {
      expect(agreedLabel(order).status).toBe('deferred');
      expect(humanLabelOf(agreedLabel(order))).toBe('defer');
    }
  });

  it("lets the unnamed reviewer's older label count only when no named reviewer gave a pass or fail", () => {
    expect(agreedLabel([v('', 'pass', 1)]).label).toBe('pass');
    expect(agreedLabel([v('', 'pass', 1), v('ben', 'defer', 2)]).label).toBe('pass');
    // Named reviewers decide: the unnamed verdict may be one of them, earlier.
    expect(agreedLabel([v('', 'pass', 1), v('ben', 'fail', 2)])).toMatchObject({ status: 'agreed', label: 'fail' });
  });

  it('dates an agreed item by the latest verdict that decided it (a defer after it does not move it)', () => {
    expect(agreedLabel([v('ben', 'pass', 10), v('ada', 'pass', 30), v('cy', 'defer', 50)]).at).toBe(30);
  });
});
