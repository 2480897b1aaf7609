// Combines check scores per a rubric's (or a composite check's) mode: all_pass | any_pass | weighted_avg | min | max | median.
import type { CombineMode } from '../../../../src-shared/model';

export type Combinable = Readonly<{ score: number; passed: boolean; weight: number }>;

/** The combined score in [0,1] and whether it passes: the pass modes by the checks' passed flags, numeric modes by threshold. */
export function combine(
  mode: CombineMode,
  items: readonly Combinable[],
  threshold: number,
): Readonly<{ score: number; passed: boolean }> {
  if (items.length === 0) throw new Error('combine needs at least one executed check');
  if (mode === 'all_pass' || mode === 'any_pass') {
    const passed = mode === 'all_pass' ? items.every((item) => item.passed) : items.some((item) => item.passed);
    return { score: passed ? 1 : 0, passed };
  }
  const score = numeric(mode, items);
  return { score, passed: score >= threshold };
}

function numeric(mode: 'weighted_avg' | 'min' | 'max' | 'median', items: readonly Combinable[]): number {
  const scores = items.map((item) => item.score);
  if (mode === 'min') return Math.min(...scores);
  if (mode === 'max') return Math.max(...scores);
  if (mode === 'median') {
    const sorted = [...scores].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  }
  const totalWeight = items.reduce((sum, item) => sum + item.weight, 0);
  // All weights zero: every check counts the same rather than dividing by zero.
  if (totalWeight === 0) return scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return items.reduce((sum, item) => sum + item.score * item.weight, 0) / totalWeight;
}
