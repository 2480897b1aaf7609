import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chrf } from '../../../../../src-main/engine/grading/rubric/chrf';

type Case = { id: string; hypothesis: string; references: string[]; chrF: number; 'chrF++': number };
const load = (path: string): Case[] => (JSON.parse(readFileSync(path, 'utf8')) as { cases: Case[] }).cases;

const shared = load(join(import.meta.dirname, '../../../../fixtures/reference/chrf_reference.json'));
const traps = load(join(import.meta.dirname, 'chrf-traps.json'));

describe.each([
  ['the shared sacrebleu reference', shared],
  ['the traps, computed with sacrebleu 2.6.0', traps],
])('chrF against %s', (_name, cases) => {
  it.each(cases)('$id', (testCase) => {
    const reference = testCase.references[0] ?? '';
    expect(Math.abs(chrf(testCase.hypothesis, reference) - testCase.chrF / 100)).toBeLessThan(1e-9);
    expect(Math.abs(chrf(testCase.hypothesis, reference, { wordOrder: 2 }) - testCase['chrF++'] / 100)).toBeLessThan(
      1e-9,
    );
  });
});

describe('chrf', () => {
  it('scores an empty hypothesis or reference 0', () => {
    expect(chrf('', 'x')).toBe(0);
    expect(chrf('x', '')).toBe(0);
    expect(chrf('', '')).toBe(0);
  });

  it('counts an astral character as one character, not two UTF-16 units', () => {
    expect(chrf('😀', '😀')).toBe(1);
    expect(chrf('😀', '😁')).toBe(0);
  });

  it('is case-sensitive and stays in [0,1]', () => {
    const score = chrf('Hello World', 'hello world');
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(1);
  });
});
