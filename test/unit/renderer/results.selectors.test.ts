import { describe, expect, it } from 'vitest';
import * as results from '../../../src-renderer/features/results/results.selectors';
import { ago, delta, duration, idParts, pct } from '../../../src-renderer/components/format';

describe('results selectors', () => {
  it('shows a grader on its own denominator: 1 / 1 for a binary judge, never 1 / 5', () => {
    expect(results.nativeScore({ status: 'scored', score: 1, maxScore: 1 })).toBe('1 / 1');
    expect(results.nativeScore({ status: 'scored', score: 3.75, maxScore: 5 })).toBe('3.75 / 5');
    expect(results.nativeScore({ status: 'skipped', score: null, maxScore: 5 })).toBe('skipped');
    expect(results.nativeScore({ status: 'error', score: null, maxScore: 5 })).toBe('error');
  });

  it('maps question statuses to pass, fail, degraded and unscored', () => {
    expect(results.rowStatus({ status: 'scored', passed: true })).toBe('pass');
    expect(results.rowStatus({ status: 'scored', passed: false })).toBe('fail');
    expect(results.rowStatus({ status: 'degraded', passed: null })).toBe('degraded');
    expect(results.rowStatus({ status: 'unscored', passed: null })).toBe('unscored');
  });

  it('names the weakest grader among those that scored something', () => {
    const stats = [
      { graderId: 'a', mean: 4.2, scored: 3, skipped: 0, errors: 0 },
      { graderId: 'b', mean: 2.1, scored: 3, skipped: 0, errors: 1 },
      { graderId: 'c', mean: null, scored: 0, skipped: 3, errors: 0 },
    ];
    expect(results.weakestGrader(stats)?.graderId).toBe('b');
    expect(results.weakestGrader([stats[2]!])).toBeUndefined();
  });

  it('describes the gate in words', () => {
    expect(results.gateText({ gate_metric: 'avg_score', threshold: 3.5, gate_type: 'hard' })).toBe(
      'average score ≥ 3.50 (hard gate)',
    );
    expect(results.gateText({ gate_metric: 'pass_rate', threshold: 0.8, gate_type: 'soft' })).toBe(
      'pass rate ≥ 80% (soft gate)',
    );
  });
});

describe('formatting', () => {
  it('formats deltas with an arrow so direction never depends on colour', () => {
    expect(delta(0.25)).toBe('▲ +0.25');
    expect(delta(-1, 0)).toBe('▼ -1');
    expect(delta(0)).toBe('±0');
    expect(delta(null)).toBe('—');
  });

  it('formats durations, percentages and ages', () => {
    expect(duration(59_000)).toBe('59s');
    // No-break spaces: a value never wraps in the middle in a narrow column.
    expect(duration(125_000)).toBe('2m\u00a005s');
    expect(duration(3_725_000)).toBe('1h\u00a002m');
    expect(pct(0.805)).toBe('81%');
    expect(ago(1_000_000 - 30 * 60000, 1_000_000)).toBe('30\u00a0min\u00a0ago');
    expect(ago(1_000_000 - 3 * 86_400_000, 1_000_000)).toBe('3\u00a0days\u00a0ago');
  });

  it('explains a pass with failing graders, a fail, and why a question has no verdict', () => {
    const graders = [
      { status: 'scored', score0to5: 5 },
      { status: 'scored', score0to5: 3 },
      { status: 'scored', score0to5: 2 },
      { status: 'skipped', score0to5: null },
    ] as const;
    expect(results.passExplanation({ status: 'scored', passed: true, score: 3.79, graders }, 3.5)).toBe(
      'Passes: average 3.79 ≥ 3.50; 2 graders below it.',
    );
    expect(
      results.passExplanation({ status: 'scored', passed: false, score: 3, graders: graders.slice(1, 2) }, 3.5),
    ).toBe('Fails: average 3.00 < 3.50; 1 grader below it.');
    expect(results.passExplanation({ status: 'degraded', passed: false, score: null, graders: [] }, 3.5)).toContain(
      'Degraded',
    );
  });
});

describe('the runs ticked for the matrix (issue 49)', () => {
  it('go oldest first, so the baseline is the oldest run ticked; a run no longer listed goes last', () => {
    const runs = [
      { id: 'newest', createdAt: 300 },
      { id: 'middle', createdAt: 200 },
      { id: 'oldest', createdAt: 100 },
    ];
    expect(results.oldestFirst(['newest', 'oldest', 'middle'], runs)).toEqual(['oldest', 'middle', 'newest']);
    expect(results.oldestFirst(['gone', 'newest', 'oldest'], runs)).toEqual(['oldest', 'newest', 'gone']);
  });
});

describe('ids that wrap (issue 49)', () => {
  it('break only after a separator, and put the id back together whole', () => {
    expect(idParts('fee_two_books')).toEqual(['fee_', 'two_', 'books']);
    expect(idParts('20261207-0331-ab12')).toEqual(['20261207-', '0331-', 'ab12']);
    expect(idParts('sunday')).toEqual(['sunday']);
    for (const id of ['a__b', 'x_', 'llama3.1:8b', 'a/b-c']) expect(idParts(id).join('')).toBe(id);
  });
});
