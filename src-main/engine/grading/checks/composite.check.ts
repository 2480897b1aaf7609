// composite: nested checks combined by their own mode and threshold; unexecuted ones excluded and named.
import { notExecuted, type CheckExecutor } from '../rubric/check-executor';
import { combineVerdicts } from '../rubric/combine-verdicts';

export const compositeCheck: CheckExecutor<'composite'> = {
  kind: 'composite',
  schema: null,
  async execute(check, context) {
    const verdicts = [];
    for (const child of check.checks) verdicts.push({ check: child, verdict: await context.runCheck(child) });
    return (
      combineVerdicts(verdicts, check.combine, check.threshold) ??
      notExecuted(`none of its ${check.checks.length} checks could be executed`)
    );
  },
};
