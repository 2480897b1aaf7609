// The length-bias probe and sampling count distinct answers: one call per distinct judge prompt, the oldest.
import { describe, expect, it } from 'vitest';
import { firstOfEachPrompt } from '../../../../src-main/engine/trust/sample-judge-calls';
import type { JudgeCallRow } from '../../../../src-main/store/repos/judges.repo';

const call = (id: number, prompt: string): JudgeCallRow => ({
  id,
  runId: 'r',
  questionId: 'q',
  graderId: 'relevance_grader',
  provider: 'local',
  model: 'm',
  templateVersion: '1.0.0',
  prompt,
  responseSeen: prompt,
  score: 5,
  reason: null,
  createdAt: id,
});

describe('firstOfEachPrompt', () => {
  it('keeps one call per identical replayed answer, the oldest, in order', () => {
    const calls = [call(1, 'a'), call(2, 'b'), call(3, 'a'), call(4, 'a'), call(5, 'c')];
    expect(firstOfEachPrompt(calls).map((c) => c.id)).toEqual([1, 2, 5]);
  });
});
