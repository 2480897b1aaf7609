// Combines the verdicts of a list of checks (a rubric's, or a composite's) into one verdict, naming failures and exclusions.
import type { CombineMode, RubricCheck } from '../../../../src-shared/model';
import { checkError, executed, type CheckVerdict } from './check-executor';
import { combine } from './combine';

export type CheckAndVerdict = Readonly<{ check: RubricCheck; verdict: CheckVerdict }>;

/** The combined verdict; an error when any check errored; undefined when no check was executed. */
export function combineVerdicts(
  items: readonly CheckAndVerdict[],
  mode: CombineMode,
  threshold: number,
): CheckVerdict | undefined {
  const errors = items.flatMap(({ verdict }) => (verdict.status === 'error' ? [verdict.reason] : []));
  if (errors.length > 0) return checkError(errors.join('; '));
  const ran = items.flatMap(({ check, verdict }) =>
    verdict.status === 'executed'
      ? [{ id: check.id, weight: check.weight, score: verdict.score, passed: verdict.passed }]
      : [],
  );
  if (ran.length === 0) return undefined;
  const result = combine(mode, ran, threshold);
  const rule = mode === 'all_pass' || mode === 'any_pass' ? mode : `${mode} ${result.passed ? '≥' : '<'} ${threshold}`;
  const parts = [`${result.score.toFixed(2)} (${rule}): ${result.passed ? 'passed' : 'failed'}`];
  const failed = ran.filter((check) => !check.passed).map((check) => check.id);
  if (failed.length > 0) parts.push(`failed: ${failed.join(', ')}`);
  const skipped = items.flatMap(({ check, verdict }) =>
    verdict.status === 'not_executed' ? [`${check.id} (${verdict.reason})`] : [],
  );
  if (skipped.length > 0) parts.push(`not executed: ${skipped.join(', ')}`);
  return executed(result.score, result.passed, parts.join('; '));
}
