// Runs a rubric's checks through the executor registry and combines them per its scoring block (docs/workspace.md).
import type { Rubric, RubricCheck } from '../../../../src-shared/model';
import type { CheckResult, GradeContext, JudgeCallRecord } from '../grader';
import { notExecuted, type CheckContext, type CheckRegistry, type CheckVerdict } from './check-executor';
import { DEFAULT_CHECKS } from './check-registry';
import { combineVerdicts } from './combine-verdicts';

export type RubricEvaluation = Readonly<{
  /** The combined verdict; undefined when no check could be executed. */
  verdict: CheckVerdict | undefined;
  checks: readonly CheckResult[];
  judgeCalls: readonly JudgeCallRecord[];
}>;

export async function evaluateRubric(
  rubric: Rubric,
  context: GradeContext,
  registry: CheckRegistry = DEFAULT_CHECKS,
): Promise<RubricEvaluation> {
  const judgeCalls: JudgeCallRecord[] = [];
  const checkContext: CheckContext = {
    ...context,
    runCheck: (check) => runCheck(check, checkContext, registry),
    recordJudgeCall: (record) => judgeCalls.push(record),
  };
  const items = [];
  for (const check of rubric.checks) items.push({ check, verdict: await checkContext.runCheck(check) });
  return {
    verdict: combineVerdicts(items, rubric.scoring.combine, rubric.scoring.threshold),
    checks: items.map(({ check, verdict }) => toResult(check, verdict)),
    judgeCalls,
  };
}

async function runCheck(check: RubricCheck, context: CheckContext, registry: CheckRegistry): Promise<CheckVerdict> {
  const executor = registry.get(check.kind);
  if (!executor) return notExecuted(`no executor for checks of kind "${check.kind}"`);
  return executor.execute(check as never, context);
}

function toResult(check: RubricCheck, verdict: CheckVerdict): CheckResult {
  const base = { id: check.id, kind: check.kind, reason: verdict.reason };
  if (verdict.status === 'executed') return { ...base, score: verdict.score, passed: verdict.passed, executed: true };
  return { ...base, score: null, passed: null, executed: false };
}
