// Family "agreement": the coverage of the κ interval between two reviewers on few and many items.
import { agreement, DEFAULT_AGREEMENT, type Rating } from '../../src-main/engine/stats/agreement';
import { rngOf } from './sim-data';
import { coverageRow, type Row } from './table';

/** The product's κ interval for two reviewers' labels (null: it gives none). */
export function measureKappa(units: readonly (readonly Rating[])[]) {
  const result = agreement(units, 2, { ...DEFAULT_AGREEMENT, resamples: 1000 });
  return { value: result?.value ?? null, ci: result?.ci ?? null };
}

// Items pass with probability 0.6; each reviewer gives the truth with probability 0.85, independently.
const PASS = 0.6;
const RIGHT = 0.85;
const observed = RIGHT * RIGHT + (1 - RIGHT) * (1 - RIGHT);
const marginal = PASS * RIGHT + (1 - PASS) * (1 - RIGHT);
const chance = marginal * marginal + (1 - marginal) * (1 - marginal);
export const TRUE_KAPPA = (observed - chance) / (1 - chance);

export const agreementCells = (full: boolean): number[] => (full ? [10, 30, 100] : [30]);

export function runAgreementCell(items: number, replicates: number, seed: number): Row[] {
  const random = rngOf(seed);
  const cell = {
    family: 'agreement',
    cell: `2 reviewers, ${items} items, κ ${TRUE_KAPPA.toFixed(2)}`,
    figure: 'κ 95% coverage',
  };
  return [
    coverageRow(cell, TRUE_KAPPA, replicates, () => {
      const units = Array.from({ length: items }, () => {
        const truth = random() < PASS;
        const say = () => (random() < RIGHT === truth ? 'pass' : 'fail');
        return [say(), say()];
      });
      return measureKappa(units).ci;
    }),
  ];
}
