// rubric_checks: executes the question's rubric checks and scales the combined 0-1 verdict onto 0-5 (docs/workspace.md).
import { GRADER_CATALOG } from '../../../src-shared/model';
import { errored, skipped, type Grader } from './grader';
import { evaluateRubric } from './rubric/evaluate-rubric';

export const rubricChecksGrader: Grader = {
  info: GRADER_CATALOG.rubric_checks,
  async grade(context) {
    const ref = context.question.rubric_ref;
    if (ref === undefined) return skipped('no rubric_ref');
    const rubric = context.rubric;
    if (!rubric) return errored(`rubric_ref "${ref}" does not resolve to a loaded rubric`);
    const { verdict, checks, judgeCalls } = await evaluateRubric(rubric, context);
    const name = `rubric ${rubric.id}@${rubric.version}`;
    if (!verdict) {
      const why = checks.map((check) => `${check.id} (${check.reason})`).join(', ');
      return { status: 'skipped', score: null, reason: `${name}: no executable checks: ${why}`, checks, judgeCalls };
    }
    if (verdict.status === 'error')
      return { status: 'error', score: null, reason: `${name}: ${verdict.reason}`, checks, judgeCalls };
    if (verdict.status !== 'executed') throw new Error('unreachable: combineVerdicts returns executed or error');
    return { status: 'scored', score: verdict.score * 5, reason: `${name}: ${verdict.reason}`, checks, judgeCalls };
  },
};
