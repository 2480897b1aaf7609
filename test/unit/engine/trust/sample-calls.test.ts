import { describe, expect, it } from 'vitest';
import { sampleForLabeling as drawSample } from '../../../../src-main/engine/trust/sample-calls';
import { seededRandom, shuffled } from '../../../../src-main/engine/stats/random';

type Call = { id: number; pass: boolean };
const calls = (passes: number, fails: number): Call[] => [
  ...Array.from({ length: passes }, (_, i) => ({ id: i + 1, pass: true })),
  ...Array.from({ length: fails }, (_, i) => ({ id: passes + i + 1, pass: false })),
];
const passed = (call: Call) => call.pass;
const countPass = (sample: Call[]) => sample.filter(passed).length;

describe('seededRandom', () => {
  it('repeats the same sequence for the same seed and differs across seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('is a known mulberry32 stream (pinned so a sample file can be drawn again after upgrades)', () => {
    const random = seededRandom(1);
    expect(Array.from({ length: 3 }, random)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });
});

describe('shuffled', () => {
  it('permutes a copy and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = shuffled(input, seededRandom(7));
    expect([...out].sort((x, y) => x - y)).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(out).not.toEqual(input);
  });
});

const sampleForLabeling = (...args: Parameters<typeof drawSample<Call>>) => drawSample(...args).map((d) => d.item);

describe('sampleForLabeling', () => {
  it("records each item's stratum and inclusion probability (n_h / N_h), or n / N for a simple random sample", () => {
    const stratified = drawSample(calls(80, 20), passed, { n: 30, seed: 5, stratify: true });
    const pass = stratified.find((d) => d.item.pass)!;
    const fail = stratified.find((d) => !d.item.pass)!;
    expect(pass).toMatchObject({ stratum: 'judge_pass', inclusionProbability: 15 / 80 });
    expect(fail).toMatchObject({ stratum: 'judge_fail', inclusionProbability: 15 / 20 });
    const simple = drawSample(calls(80, 20), passed, { n: 30, seed: 5, stratify: false });
    expect(new Set(simple.map((d) => `${d.stratum} ${d.inclusionProbability}`))).toEqual(new Set(['all 0.3']));
  });

  it('takes half judge-pass and half judge-fail when both classes are large enough', () => {
    const sample = sampleForLabeling(calls(80, 20), passed, { n: 30, seed: 5, stratify: true });
    expect(sample).toHaveLength(30);
    expect(countPass(sample)).toBe(15);
    expect(new Set(sample.map((c) => c.id)).size).toBe(30);
  });

  it('gives the odd item to the fail class and tops up from the other class when one runs short', () => {
    expect(countPass(sampleForLabeling(calls(50, 50), passed, { n: 7, seed: 1, stratify: true }))).toBe(3);
    const short = sampleForLabeling(calls(40, 4), passed, { n: 20, seed: 1, stratify: true });
    expect(short).toHaveLength(20);
    expect(countPass(short)).toBe(16);
    const fewPasses = sampleForLabeling(calls(2, 40), passed, { n: 10, seed: 1, stratify: true });
    expect(countPass(fewPasses)).toBe(2);
    expect(fewPasses).toHaveLength(10);
  });

  it('returns everything when fewer calls exist than requested', () => {
    expect(sampleForLabeling(calls(3, 2), passed, { n: 30, seed: 9, stratify: true })).toHaveLength(5);
    expect(sampleForLabeling(calls(0, 0), passed, { n: 30, seed: 9, stratify: true })).toEqual([]);
  });

  it('is reproducible for a seed and different for another', () => {
    const options = { n: 10, seed: 1234, stratify: true };
    const ids = (sample: Call[]) => sample.map((c) => c.id);
    expect(ids(sampleForLabeling(calls(60, 40), passed, options))).toEqual(
      ids(sampleForLabeling(calls(60, 40), passed, options)),
    );
    expect(ids(sampleForLabeling(calls(60, 40), passed, { ...options, seed: 1235 }))).not.toEqual(
      ids(sampleForLabeling(calls(60, 40), passed, options)),
    );
  });

  it('mixes the order so the labeler cannot tell the judge verdict from the position', () => {
    const sample = sampleForLabeling(calls(50, 50), passed, { n: 20, seed: 3, stratify: true });
    const firstHalf = sample.slice(0, 10);
    expect(countPass(firstHalf)).toBeGreaterThan(0);
    expect(countPass(firstHalf)).toBeLessThan(10);
  });

  it('samples uniformly without stratification, keeping the population’s skew', () => {
    const sample = sampleForLabeling(calls(95, 5), passed, { n: 40, seed: 11, stratify: false });
    expect(sample).toHaveLength(40);
    expect(countPass(sample)).toBeGreaterThan(30);
  });
});
