import { describe, expect, it } from 'vitest';
import { PlanError, planItems, planRun } from '../../../../src-main/engine/run/plan';
import { inShard, shardOf } from '../../../../src-main/engine/run/shard';
import { parseShard } from '../../../../src-shared/text/shard-spec';
import { GRADERS } from '../../../../src-main/engine/grading/registry';
import { makeWorkspace, selection } from './engine-fixtures';

describe('shards', () => {
  it('parses I/N and refuses nonsense', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(() => parseShard('0/4')).toThrow(/between 1 and N/);
    expect(() => parseShard('5/4')).toThrow(/between 1 and N/);
    expect(() => parseShard('2-4')).toThrow(/I\/N/);
  });

  it('puts every id in exactly one stable slice, spread roughly evenly', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `question_${i}`);
    const counts = [0, 0, 0];
    for (const id of ids) {
      const shard = shardOf(id, 3);
      counts[shard - 1]! += 1;
      expect([1, 2, 3].filter((index) => inShard(id, { index, count: 3 }))).toEqual([shard]);
    }
    for (const count of counts) expect(count).toBeGreaterThan(900);
    // Pinned values: the slicing must never change between versions (CI matrices and merged envelopes rely on it).
    expect(shardOf('sunday_hours', 4)).toBe(1);
    expect(shardOf('renew_loan', 4)).toBe(2);
    expect(inShard('anything', null)).toBe(true);
  });
});

describe('planRun', () => {
  it('plans questions × repeat with the pass threshold and an estimate of the calls', () => {
    const workspace = makeWorkspace({ questions: 3, graders: ['format_grader'] });
    const plan = planRun(workspace, 't1', selection({ repeat: 2 }), GRADERS, true);
    expect(plan.total).toBe(6);
    expect(plan.passThreshold).toBe(3.5);
    expect(plan.estimatedCalls).toEqual({ target: 6, targetMax: 6, judges: 0 });
    expect([...planItems(plan)].map((item) => `${item.question.id}#${item.repeatIndex}`)).toEqual([
      'q1#0',
      'q2#0',
      'q3#0',
      'q1#1',
      'q2#1',
      'q3#1',
    ]);
  });

  it('names disabled and unknown questions it was asked for', () => {
    const workspace = makeWorkspace({ questions: 3, questionExtras: (i) => (i === 1 ? { disabled: true } : {}) });
    expect(() => planRun(workspace, 't1', selection({ questionIds: ['q2', 'zz'] }), GRADERS, true)).toThrow(
      'target "t1": no question q2 (disabled), zz in dataset "ds"',
    );
    expect(planRun(workspace, 't1', selection(), GRADERS, true).questions.map((q) => q.id)).toEqual(['q1', 'q3']);
  });

  it('refuses a grader missing from the registry instead of silently skipping it', () => {
    const workspace = makeWorkspace({ graders: ['format_grader'] });
    expect(() => planRun(workspace, 't1', selection(), new Map(), true)).toThrow(PlanError);
  });
});
