// A short, seeded run of the fuzz suite inside `npm test`: every reader, every input a success or a positioned
// problem (`npm run fuzz` runs the same for longer).
import { describe, expect, it } from 'vitest';
import { fuzzTarget } from '../../fuzz/fuzz-loop';
import { FUZZ_TARGETS } from '../../fuzz/fuzz-targets';

describe('fuzz (short run)', () => {
  it.each(FUZZ_TARGETS.map((target) => [target.name, target] as const))(
    '%s: 80 mutated inputs, no crash, no hang, no warning',
    async (_name, target) => {
      const report = await fuzzTarget(target, { seed: 19, iterations: 80 });
      expect(report.findings.map((f) => `${f.kind} ${f.seed}: ${f.message.split('\n')[0]}`)).toEqual([]);
      expect(report.iterations).toBe(80);
    },
    60_000,
  );
});
