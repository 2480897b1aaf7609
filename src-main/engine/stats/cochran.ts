// Cochran's sample size: how many labels estimate a proportion to a margin of error at a confidence.
import { zForConfidence } from './normal-quantile';

export type CochranInput = Readonly<{
  confidence: number;
  marginOfError: number;
  /** The expected proportion; 0.5 (the default) is the worst case. */
  proportion?: number;
  /** The number of items sampled from, when known: applies the finite-population correction. */
  population?: number;
}>;

/** n0 = z²·p(1−p)/e², then n = n0 / (1 + (n0 − 1)/N) when N is known; rounded up. */
export function cochranSampleSize({ confidence, marginOfError, proportion = 0.5, population }: CochranInput): number {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`cochran: confidence must be in (0, 1), got ${confidence}`);
  if (!(marginOfError > 0 && marginOfError < 1))
    throw new RangeError(`cochran: margin of error must be in (0, 1), got ${marginOfError}`);
  const z = zForConfidence(confidence);
  const n0 = (z * z * proportion * (1 - proportion)) / (marginOfError * marginOfError);
  const n = population !== undefined && population > 0 ? n0 / (1 + (n0 - 1) / population) : n0;
  // Round up, but do not let a last-bit residue (99.99999999999998 for an exact 100) cost one more label.
  return Math.max(1, Math.ceil(n - 1e-9));
}
