import { describe, expect, it } from 'vitest';
import { decidingIds, OptimizerRefusal, questionSets } from '../../../../src-main/engine/optimizer/question-sets';
import type { Question } from '../../../../src-shared/model';

const q = (id: string, split?: string): Question => ({ id, input: `question ${id}`, ...(split ? { split } : {}) });
const many = (prefix: string, n: number, split?: string) =>
  Array.from({ length: n }, (_, i) => q(`${prefix}_${i + 1}`, split));

describe('questionSets', () => {
  it('without splits, proposes and decides on every question and runs them all', () => {
    const sets = questionSets('helpdesk', many('q', 15), undefined, 15);
    expect(sets.proposal).toHaveLength(15);
    expect(sets.heldOut).toEqual([]);
    expect(sets.split).toBeNull();
    expect(sets.runQuestionIds).toBeNull();
    expect(decidingIds(sets).size).toBe(15);
  });

  it('refuses a dataset below min_dataset_size and says how many it has and how many are needed', () => {
    expect(() => questionSets('helpdesk', many('q', 8), undefined, 15)).toThrow(OptimizerRefusal);
    expect(() => questionSets('helpdesk', many('q', 8), undefined, 15)).toThrow(
      'dataset "helpdesk" has 8 enabled questions; the optimizer needs at least 15 (settings.optimizer.min_dataset_size)',
    );
  });

  it('with train and test splits, proposes from train, decides on test, and counts only train for the minimum', () => {
    const questions = [...many('train', 15, 'train'), ...many('test', 5, 'test'), q('other', 'dev')];
    const sets = questionSets('helpdesk', questions, undefined, 15);
    expect(sets.split).toBe('test');
    expect(sets.proposal.map((x) => x.id)).toEqual(many('train', 15).map((x) => x.id));
    expect([...decidingIds(sets)]).toEqual(many('test', 5).map((x) => x.id));
    expect(sets.runQuestionIds).toHaveLength(20);
    expect(sets.runQuestionIds).not.toContain('other');
    expect(() =>
      questionSets('helpdesk', [...many('train', 10, 'train'), ...many('test', 10, 'test')], undefined, 15),
    ).toThrow('has 10 enabled questions in its train split');
  });

  it('holds out a named split, proposing from every other question when there is no train split', () => {
    const sets = questionSets('helpdesk', [...many('q', 15), ...many('hold', 4, 'holdout')], 'holdout', 15);
    expect(sets.split).toBe('holdout');
    expect(sets.proposal).toHaveLength(15);
    expect(sets.heldOut).toHaveLength(4);
    expect(sets.runQuestionIds).toBeNull();
  });

  it('refuses a split no question has, and train as the held-out split', () => {
    expect(() => questionSets('helpdesk', many('q', 20, 'train'), 'test', 15)).toThrow(
      'dataset "helpdesk" has no question in split "test" (its splits: train)',
    );
    expect(() => questionSets('helpdesk', many('q', 20), 'train', 15)).toThrow(
      'the held-out split must differ from the train split',
    );
  });
});
