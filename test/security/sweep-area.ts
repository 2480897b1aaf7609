// One area of the hostile sweep (test/fuzz/sweep) as tests: each case, run against this tree's built CLI, must hold.
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Kit, type Area } from '../fuzz/sweep/sweep-kit';
import { SWEEP_CASES } from '../fuzz/sweep/sweep-cases';

const ROOT = join(import.meta.dirname, '..', '..');

export function sweepArea(area: Area): void {
  const kit = new Kit(ROOT);
  const cases = SWEEP_CASES.filter((c) => c.area === area);
  afterAll(() => kit.close());
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, sweepCase) => {
      const outcome = await sweepCase.run(kit);
      expect(outcome.verdict, outcome.detail).toBe('held');
    },
    240_000,
  );
}
