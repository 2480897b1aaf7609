import { describe, expect, it } from 'vitest';
import {
  binaryScore,
  firstJsonObject,
  parseJudgeAnswer,
  scaledScore,
} from '../../../../../src-main/engine/grading/judge/judge-answer';

describe('firstJsonObject', () => {
  it('finds the object inside a code fence and around chatter', () => {
    expect(firstJsonObject('Sure.\n```json\n{"score": 4, "reason": "ok"}\n```\nBye')).toEqual({
      score: 4,
      reason: 'ok',
    });
  });

  it('skips braces that are not JSON and ignores braces inside strings', () => {
    expect(firstJsonObject('I think {maybe} this: {"score": 2, "reason": "a } in {text"} and {"score": 5}')).toEqual({
      score: 2,
      reason: 'a } in {text',
    });
  });

  it('recovers after an unbalanced brace', () => {
    expect(firstJsonObject('{ broken {"score": 3}')).toEqual({ score: 3 });
  });

  it('returns undefined without an object', () => {
    expect(firstJsonObject('score: 5')).toBeUndefined();
    expect(firstJsonObject('[1, 2]')).toBeUndefined();
  });
});

describe('parseJudgeAnswer', () => {
  it('reads a numeric score and the reason', () => {
    expect(parseJudgeAnswer('{"score": 4.5, "reason": " fine "}')).toEqual({ ok: true, score: 4.5, reason: 'fine' });
  });

  it('accepts a numeric string such as "0.9"', () => {
    expect(parseJudgeAnswer('{"score": "0.9"}')).toEqual({ ok: true, score: 0.9, reason: '' });
  });

  it('makes "high" as a score an error, never a 0', () => {
    const answer = parseJudgeAnswer('{"score": "high", "reason": "good"}');
    expect(answer).toEqual({ ok: false, error: 'the judge\'s score "high" is not a number' });
  });

  it('makes a missing score, a null score or no JSON an error', () => {
    expect(parseJudgeAnswer('{"reason": "good"}').ok).toBe(false);
    expect(parseJudgeAnswer('{"score": null}').ok).toBe(false);
    expect(parseJudgeAnswer('{"score": true}').ok).toBe(false);
    expect(parseJudgeAnswer('The answer is great, 5/5.')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no JSON object/),
    });
    expect(parseJudgeAnswer('').ok).toBe(false);
  });
});

describe('scaledScore', () => {
  it('keeps a score on the scale, its ends included', () => {
    expect(scaledScore(3, 0, 5)).toEqual({ ok: true, score: 3 });
    expect(scaledScore(0, 0, 5)).toEqual({ ok: true, score: 0 });
    expect(scaledScore(5, 0, 5)).toEqual({ ok: true, score: 5 });
  });

  it('refuses a score outside the scale as a judge error, never a clamp', () => {
    expect(scaledScore(99, 0, 5)).toEqual({ ok: false, error: 'the judge answered 99, outside its 0-5 scale' });
    expect(scaledScore(-3, 0, 5)).toEqual({ ok: false, error: 'the judge answered -3, outside its 0-5 scale' });
    expect(scaledScore(5.000001, 0, 5).ok).toBe(false);
  });
});

describe('binaryScore', () => {
  it('rounds 0.9 to 1, 0.5 to 0 and keeps 0 and 1', () => {
    expect(binaryScore(0.9)).toEqual({ ok: true, score: 1 });
    expect(binaryScore(0.5)).toEqual({ ok: true, score: 0 });
    expect(binaryScore(0.51)).toEqual({ ok: true, score: 1 });
    expect(binaryScore(0)).toEqual({ ok: true, score: 0 });
    expect(binaryScore(1)).toEqual({ ok: true, score: 1 });
  });

  it('makes 1.3 or a negative an error (the judge used another scale)', () => {
    expect(binaryScore(1.3)).toMatchObject({ ok: false, error: expect.stringMatching(/1\.3, outside the 0-1 scale/) });
    expect(binaryScore(-0.2).ok).toBe(false);
    expect(binaryScore(4).ok).toBe(false);
  });
});
