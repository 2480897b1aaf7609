// The length-bias probe against scipy's Spearman r and a numpy Fisher z interval (test/fixtures/judge-probes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { averageRanks, lengthBias, lengthBiasInWords, spearman } from '../../../../src-main/engine/trust/length-bias';

type Case = { name: string; scores: number[]; lengths: number[]; confidence: number; r: number; ci: [number, number] };
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../fixtures/judge-probes/length-bias-reference.json'), 'utf8'),
) as { tool: string; cases: Case[] };

describe('length-bias probe', () => {
  it.each(reference.cases)('matches the reference: $name', ({ scores, lengths, confidence, r, ci }) => {
    const bias = lengthBias(
      scores.map((score, i) => ({ score, length: lengths[i]! })),
      confidence,
    )!;
    expect(Math.abs(bias.r - r)).toBeLessThan(1e-12);
    expect(Math.abs(bias.ci[0] - ci[0])).toBeLessThan(1e-12);
    expect(Math.abs(bias.ci[1] - ci[1])).toBeLessThan(1e-12);
    expect(bias.n).toBe(scores.length);
  });

  it('ranks ties by their average rank', () => {
    expect(averageRanks([3, 1, 3, 2, 3])).toEqual([4, 1, 4, 2, 4]);
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
  });

  it('says what the correlation means in plain words', () => {
    expect(lengthBiasInWords(0.41, [0.22, 0.57], 80)).toBe(
      'longer answers score higher: r = 0.41 [0.22, 0.57], Spearman, 80 answers',
    );
    expect(lengthBiasInWords(-0.3, [-0.5, -0.05], 80)).toMatch(
      /^longer answers score lower: r = −0.30 \[−0.50, −0.05\]/,
    );
    expect(lengthBiasInWords(0.05, [-0.12, 0.22], 80)).toMatch(/^no clear length bias: the interval includes 0/);
  });

  it('has nothing to measure below 4 calls or when every score is the same', () => {
    expect(lengthBias([{ score: 1, length: 3 }], 0.95)).toBeNull();
    const same = [10, 20, 30, 40, 50].map((length) => ({ score: 4, length }));
    expect(lengthBias(same, 0.95)).toBeNull();
  });
});
