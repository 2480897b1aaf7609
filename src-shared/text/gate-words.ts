// A gate in words, the same on the target card, its meter and the run page: the metric named, the bound when it is
// the interval's, the threshold on the metric's own scale.
import type { GateMetric } from '../model/workspace-config';

export type GateWords = Readonly<{ metric: GateMetric | string; bound?: 'point' | 'lower'; threshold: number }>;

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** "average score ≥ 3.50", "pass rate ≥ 80%", "lower bound of the bias-corrected pass rate ≥ 60%". */
export function gateInWords({ metric, bound, threshold }: GateWords): string {
  if (metric === 'avg_score') return `average score ≥ ${threshold.toFixed(2)}`;
  if (metric === 'pass_rate') return `pass rate ≥ ${percent(threshold)}`;
  const corrected = 'bias-corrected pass rate';
  return `${bound === 'lower' ? `lower bound of the ${corrected}` : corrected} ≥ ${percent(threshold)}`;
}

/** Whether the gate's metric is a rate (0-1) rather than the 0-5 average score: its meter and sparkline use 0-100%. */
export const gateIsRate = (metric: string): boolean => metric !== 'avg_score';
